import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../functions/matches/port.js';
import { memoryApp } from '../support/app.js';
import type { SecretSumsState } from '../support/test-game.js';
import { runs } from '../support/scale.js';

/**
 * Over many random plays of the test game, nothing a seat receives (match reads, move responses,
 * log pages, errors) holds another seat's hidden values or the seed / PRNG state.
 */
describe('redaction', () => {
  it('no seat ever receives another seat’s hand, uncommitted secret, the seed or the PRNG state', async () => {
    const { api, table } = await memoryApp();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 4 }), fc.array(fc.nat(), { minLength: 4, maxLength: 24 }), async (n, choices) => {
        const { matchId, seats } = await api.started('secret-sums', n, { target: 12 });
        const received: { seat: number; text: string }[] = [];
        const collect = (seat: number, text: string) => received.push({ seat, text });
        for (const pick of choices) {
          const reads = await Promise.all(seats.map((s) => api.read(matchId, s)));
          reads.forEach((r, i) => collect(i, r.text));
          const first = reads[0]!.json;
          if (first.status !== 'active') break;
          const actor = first.toAct[pick % first.toAct.length] as number;
          const legal = reads[actor]!.json.legalMoves as unknown[];
          const move = legal[pick % legal.length];
          const r = await api.move(matchId, seats[actor]!, first.version, move);
          collect(actor, r.text);
          // an illegal move's error, too
          const bad = await api.move(matchId, seats[actor]!, r.json.version ?? first.version, { kind: 'commit', secret: 9 });
          collect(actor, bad.text);
          const log = await api.call('GET', `/api/matches/${matchId}/seats/${actor}/log`, { token: seats[actor]!.token });
          collect(actor, log.text);
        }
        const match = (await table.store.get(matchId)) as MatchRecord;
        const state = match.state as SecretSumsState;
        const log = await table.store.fullLog(matchId);
        for (const { seat, text } of received) {
          expect(text).not.toContain(match.seed!);
          for (const word of state.rng) expect(text).not.toContain(String(word));
          state.hands.forEach((hand, owner) => {
            if (owner === seat) return;
            for (const card of hand) expect(text).not.toContain(`"${card}"`);
          });
        }
        // Before the reveal, no other seat's secret appears in what a seat was shown about commits.
        for (const record of log) {
          for (const e of record.events as { type: string; seat: number; secret: number }[]) {
            if (e.type !== 'committed') continue;
            for (let viewer = 0; viewer < n; viewer++) {
              if (viewer === e.seat) continue;
              const r = await api.call('GET', `/api/matches/${matchId}/seats/${viewer}/log?before=${record.version + 1}`, {
                token: seats[viewer]!.token,
              });
              const line = r.json.log.find((l: { version: number }) => l.version === record.version);
              expect(JSON.stringify(line)).not.toMatch(/committed \d/);
            }
          }
        }
      }),
      { numRuns: runs(15, 3), seed: 20261123 },
    );
  });
});
