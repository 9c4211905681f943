/**
 * The server's side of the languages (functions/i18n.ts): messages from the compiled catalogs,
 * the language of a request from Accept-Language, and a request refused in that language — the
 * same code and paths, the words (the zod issues included) in Dutch or English.
 */
import { describe, expect, it } from 'vitest';
import { langOf, t } from '../../functions/i18n.js';
import { memoryApp } from '../support/app.js';

const accept = (value: string) => new Request('http://x/', { headers: { 'Accept-Language': value } });

describe('server messages', () => {
  it('fills placeholders and plurals in both languages', () => {
    expect(t('en', 'home.mine.with', { names: 'Ann' })).toBe('with Ann');
    expect(t('nl', 'home.mine.with', { names: 'Ann' })).toBe('met Ann');
    expect(t('en', 'home.mine.waiting', { count: 1 })).toBe('1 match waits for your move');
    expect(t('nl', 'home.mine.waiting', { count: 3 })).toBe('3 partijen wachten op jouw zet');
    expect(t('nl', 'home.mine.waiting', { count: 0 })).toBe('Niets wacht op jouw zet');
    expect(t('en-XA', 'home.mine.with', { names: 'Ann' })).toBe('⟦wíth Ann⟧');
  });

  it('reads the language of a request from Accept-Language', () => {
    expect(langOf(accept('nl-NL,nl;q=0.9,en;q=0.8'))).toBe('nl');
    expect(langOf(accept('de-DE,de;q=0.9,nl;q=0.5,en;q=0.4'))).toBe('nl');
    expect(langOf(accept('en;q=0.5,nl;q=0.9'))).toBe('nl');
    expect(langOf(accept('nl;q=0,en'))).toBe('en');
    expect(langOf(accept('fr,*'))).toBe('en');
    expect(langOf(new Request('http://x/'))).toBe('en');
  });
});

describe('a refused request answers in its language', () => {
  it('POST /api/matches with a bad body: 400 invalid-request, Dutch for nl and English otherwise', async () => {
    const { app } = await memoryApp();
    const post = (lang?: string) =>
      app.request('/api/matches', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(lang ? { 'Accept-Language': lang } : {}) },
        body: JSON.stringify({ game: 'secret-sums', seats: 'two', name: 7 }),
      });
    const [dutch, english, plain] = await Promise.all([post('nl-NL,nl;q=0.9'), post('en-GB'), post()]);
    const bodies = await Promise.all([dutch, english, plain].map((r) => r.json()));
    for (const r of [dutch, english, plain]) expect(r.status).toBe(400);
    const [d, e, p] = bodies.map((b) => b.error);
    for (const err of [d, e, p]) expect(err.code).toBe('invalid-request');
    expect(d.issues.map((i: { path: string }) => i.path)).toEqual(e.issues.map((i: { path: string }) => i.path));
    expect(d.message).toBe('Het verzoek is niet geldig.');
    expect(e.message).toBe('The request is not valid.');
    expect(p).toEqual(e);
    expect(d.issues[0].message).toMatch(/^Ongeldige invoer: verwacht/);
    expect(e.issues[0].message).toMatch(/^Invalid input: expected/);
  });
});
