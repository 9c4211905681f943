/**
 * "N moves since you last looked" for a gap longer than the log page the match read brings (30 records):
 * the page's count (web/src/ui/match/since.ts) says "at least" until the replay answer the page asks for
 * anyway brings the exact number (`since`), counted by the server from the frames it replays; records
 * that arrive after that answer are added from the log. Against the real app, on the in-memory match store.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../web/src/i18n.js';
import { LOG_PAGE } from '../../web/src/ui/LogPanel.js';
import { countSince, sinceWords } from '../../web/src/ui/match/since.js';
import type { LogRecord } from '../../web/src/types.js';
import { memoryApp, toCountPhase } from '../support/app.js';

beforeAll(() => loadLanguage('en'));

describe('moves since you last looked, for any gap', () => {
  it('counts every move of the others after a long absence, not just the log page', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 4, { target: 50 });
    const me = seats[0]!;
    const seenUpTo = await toCountPhase(api, matchId, seats);
    // Everyone adds 1 in turn, 44 times: 33 of them by the others, far past one page of the log.
    let theirs = 0;
    const bySeat = [0, 0, 0, 0];
    for (let i = 0; i < 44; i++) {
      const read = (await api.read(matchId, me)).json;
      expect(read.status).toBe('active');
      const mover = seats[read.toAct[0]]!;
      const moved = await api.move(matchId, mover, read.version, { kind: 'add', amount: 1 });
      expect(moved.status, moved.text).toBe(200);
      if (mover.seat !== 0) theirs++;
      bySeat[mover.seat]!++;
    }
    expect(theirs).toBeGreaterThan(LOG_PAGE);

    const read = (await api.read(matchId, me)).json;
    const log = read.log as LogRecord[];
    expect(log.length).toBe(LOG_PAGE);
    // The page alone: a lower bound, said as one.
    const paged = countSince(log, seenUpTo, 0, false, null);
    expect(paged.atLeast).toBe(true);
    expect(paged.count).toBeLessThan(theirs);
    expect(sinceWords(paged)).toBe(`At least ${paged.count} moves since you last looked — marked on the board and in the log.`);

    // The replay of the view last seen brings the exact count: no read beyond the one the page makes anyway.
    const replay = await api.call('GET', `/api/matches/${matchId}/seats/0/replay?from=${seenUpTo}&to=${seenUpTo}`, { token: me.token });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.json.since).toBe(theirs);
    const exact = { from: seenUpTo, version: replay.json.version as number, since: replay.json.since as number };
    const counted = countSince(log, seenUpTo, 0, false, exact);
    expect(counted).toEqual({ count: theirs, atLeast: false });
    expect(sinceWords(counted)).toBe(`${theirs} moves since you last looked — marked on the board and in the log.`);

    // A move by another after that answer is added from the next read's log; one's own is not.
    for (let i = 0; i < 4; i++) {
      const now = (await api.read(matchId, me)).json;
      const moved = await api.move(matchId, seats[now.toAct[0]]!, now.version, { kind: 'add', amount: 1 });
      expect(moved.status, moved.text).toBe(200);
      bySeat[now.toAct[0]]!++;
    }
    const later = (await api.read(matchId, me)).json;
    expect(countSince(later.log as LogRecord[], seenUpTo, 0, false, exact)).toEqual({ count: 48 - bySeat[0]!, atLeast: false });
    // Each seat's count leaves out its own moves.
    const other = await api.call('GET', `/api/matches/${matchId}/seats/1/replay?from=${seenUpTo}&to=${seenUpTo}`, {
      token: seats[1]!.token,
    });
    expect(other.json.since).toBe(48 - bySeat[1]!);
  });

  it('a gap the page covers is counted exactly from the page, without waiting', () => {
    const rec = (version: number, seat: number | null, lines = 1): LogRecord => ({
      version,
      at: version,
      seat,
      entries: Array.from({ length: lines }, () => ({ type: 'move', text: 'x' })) as LogRecord['entries'],
    });
    const log = [rec(12, 1), rec(11, 0), rec(10, 1, 0), rec(9, 2), rec(8, 1)];
    expect(countSince(log, 8, 0, false, null)).toEqual({ count: 2, atLeast: false });
    expect(countSince(log, null, 0, false, null)).toEqual({ count: 0, atLeast: false });
    expect(sinceWords({ count: 1, atLeast: false })).toBe('1 move since you last looked — marked on the board and in the log.');
  });
});
