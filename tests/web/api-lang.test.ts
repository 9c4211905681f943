/**
 * The page tells the server the language it shows (web/src/api.ts): every request carries it as
 * Accept-Language, so refusals, and the mails and push texts of settings saved from the page, speak it
 * (functions/i18n.ts langOf), whatever the browser's own languages are.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../web/src/api.js';
import { loadLanguage } from '../../web/src/i18n.js';

describe('the page’s language on its requests', () => {
  afterAll(() => loadLanguage('en'));

  it('sends the language shown, and follows a switch', async () => {
    const sent: (string | undefined)[] = [];
    const api = createApi(async (_path, init) => {
      sent.push((init?.headers as Record<string, string> | undefined)?.['Accept-Language']);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    await loadLanguage('nl');
    await api.call('PATCH', '/api/matches/m/seats/1/notifications', { auth: 'x', body: { push: true } });
    await loadLanguage('en');
    await api.call('POST', '/api/session/link', { body: { address: 'a@example.test' } });
    expect(sent).toEqual(['nl', 'en']);
  });
});
