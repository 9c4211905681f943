/**
 * The last-seat race on DynamoDB Local (issue 28): 50 signed-in players click "join" on the one open seat of
 * an open game at the same moment. Taking a seat is one conditional write (the match put at the version read,
 * with its lobby entry, in one transaction: functions/matches/lobby.ts through functions/matches/change.ts), so
 * exactly one gets the seat, the 49 others a clear 409 `seat-taken`, and the full match has left the lobby.
 */
import { describe, expect, it } from 'vitest';
import { Browser, lobbySite, openAuction } from '../support/lobby.js';
import { dynamoStores } from '../support/lobby-dynamo.js';

const RIVALS = 50;

describe('the last open seat', () => {
  it(`${RIVALS} concurrent joins: one winner, ${RIVALS - 1} clear refusals, the lobby entry gone`, async () => {
    // The match and its lobby entry on DynamoDB Local; the players' sessions in memory (tests/support/lobby.ts).
    const site = lobbySite(await dynamoStores({ playersInMemory: true }));
    const host = await new Browser(site).signIn('host@example.test');
    const rivals = await Promise.all(Array.from({ length: RIVALS }, (_, i) => new Browser(site).signIn(`p${i}@example.test`)));

    const opened = await host.call('POST', '/api/lobby', openAuction({ name: 'Host' }));
    expect(opened.status).toBe(201);
    const id = opened.json.matchId as string;
    expect((await host.call('GET', '/api/lobby/games/dutch-auction')).json.games).toHaveLength(1);

    const answers = await Promise.all(rivals.map((b, i) => b.call('POST', `/api/lobby/${id}/join`, { name: `P${i}` })));

    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409 && a.code === 'seat-taken');
    expect({ won: won.length, refused: refused.length, other: answers.length - won.length - refused.length }).toEqual({
      won: 1,
      refused: RIVALS - 1,
      other: 0,
    });
    const match = (await site.matches.get(id))!;
    expect(match.status).toBe('active');
    expect(match.seats[1]!.name).toBe(`P${answers.indexOf(won[0]!)}`);
    expect((await host.call('GET', '/api/lobby/games/dutch-auction')).json.games).toEqual([]);
    expect(await site.lobby.hosted(match.lobby!.host)).toBe(0);
  });
});
