import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryApp } from '../support/app.js';
import { runs } from '../support/scale.js';

/** Whatever a client sends, the answer is never a 5xx, and a refusal changes nothing. */
describe('bad input', () => {
  it('a fuzz of malformed bodies, headers and paths never yields a 5xx', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const anyJson = fc.jsonValue({ maxDepth: 4 });
    const moveish = fc.oneof(
      anyJson,
      fc.record({ expectedVersion: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)), move: anyJson }),
      fc.record({
        expectedVersion: fc.nat(5),
        move: fc.record({ kind: fc.constantFrom('commit', 'add', 'x', ''), secret: anyJson, amount: anyJson }),
      }),
    );
    const path = fc.constantFrom(
      `/api/matches/${matchId}/seats/0/moves`,
      `/api/matches/${matchId}/seats/1/moves`,
      `/api/matches/${matchId}/seats/1/moves`,
      `/api/matches/${matchId}/seats/9/moves`,
      `/api/matches/${matchId}/seats/-1/moves`,
      `/api/matches/${matchId}/seats/x/moves`,
      `/api/matches/${matchId}/join`,
      `/api/matches`,
      `/api/matches/${matchId}/seats/0/resign`,
      `/api/matches/${'a'.repeat(12)}/seats/0/moves`,
      `/api/matches/%00/seats/0`,
    );
    await fc.assert(
      fc.asyncProperty(
        path,
        fc.oneof(
          moveish.map((b) => JSON.stringify(b)),
          fc.string({ maxLength: 200 }),
          fc.constant(''),
        ),
        fc.constantFrom('application/json', 'text/plain', ''),
        fc.option(fc.string({ maxLength: 80 })),
        async (p, raw, type, key) => {
          const headers: Record<string, string> = { Authorization: `Bearer ${seats[1]!.token}` };
          if (type) headers['Content-Type'] = type;
          if (key !== null) headers['Idempotency-Key'] = key.replace(/[^\x20-\x7e]/g, '');
          const stored = JSON.stringify(await table.store.get(matchId));
          const res = await api.call('POST', p, { raw, headers });
          expect(res.status, `${p} ${raw} → ${res.text}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(Object.keys(res.json)).toEqual(['error']);
            expect(JSON.stringify(await table.store.get(matchId))).toBe(stored);
          }
        },
      ),
      // Quick mode (tests/support/scale.ts) sends a tenth of the inputs; CI all 300.
      { numRuns: runs(300, 30), seed: 42 },
    );
  });
});
