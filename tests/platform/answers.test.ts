/**
 * A move's and a resignation's answer (issue 26): the match service returns the seat's view, a domain
 * value, and the edge makes the response, wording `timing.policy` in the request's language on the
 * object. A retry with the same Idempotency-Key answers byte for byte what the first answer said, in
 * English and in Dutch, from the view kept in the log record.
 */
import { describe, expect, it } from 'vitest';
import { type Seat, testApp } from '../support/api.js';

async function timedMatch() {
  const t = await testApp();
  const created = await t.api.call('POST', '/api/matches', {
    body: { game: 'secret-sums', seats: 2, options: { target: 30 }, name: 'Ann', timing: { reminderHours: 0, deadlineDays: 3 } },
  });
  expect(created.status).toBe(201);
  const { matchId, token, invites } = created.json;
  const joined = await t.api.join(matchId, invites[0].url, 'Bob');
  const seats: Seat[] = [
    { seat: 0, token },
    { seat: 1, token: joined.json.token },
  ];
  const version = (await t.api.read(matchId, seats[0]!)).json.version as number;
  return { ...t, matchId, seats, version };
}

const keyed = (s: Seat, key: string, lang: string) => ({
  token: s.token,
  headers: { 'Idempotency-Key': key, 'Accept-Language': lang },
});

describe('the answer to a move or a resignation', () => {
  it.each(['en', 'nl'])('a keyed move replays byte for byte, its policy in the request language (%s)', async (lang) => {
    const { api, matchId, seats, version } = await timedMatch();
    const body = { expectedVersion: version, move: { kind: 'commit', secret: 4 } };
    const path = `/api/matches/${matchId}/seats/0/moves`;
    const first = await api.call('POST', path, { ...keyed(seats[0]!, `answer-key-${lang}`, lang), body });
    expect(first.status).toBe(200);
    const english = (await api.read(matchId, seats[0]!)).json.timing.policy as string;
    if (lang === 'en') expect(first.json.timing.policy).toBe(english);
    else expect(first.json.timing.policy).not.toBe(english);
    const retry = await api.call('POST', path, { ...keyed(seats[0]!, `answer-key-${lang}`, lang), body });
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('ETag')).toBe(first.headers.get('ETag'));
  });

  it('a keyed resignation replays byte for byte', async () => {
    const { api, matchId, seats } = await timedMatch();
    const path = `/api/matches/${matchId}/seats/1/resign`;
    const first = await api.call('POST', path, { ...keyed(seats[1]!, 'resign-key-1', 'nl'), body: {} });
    expect(first.status).toBe(200);
    expect(first.json.status).toBe('over');
    const retry = await api.call('POST', path, { ...keyed(seats[1]!, 'resign-key-1', 'nl'), body: {} });
    expect(retry.text).toBe(first.text);
  });
});
