/**
 * The waiting board's rules (functions/players/waiting.ts), pure: a change told twice or late changes nothing,
 * the most urgent stay listed, past the list the board only counts, and an empty list with others waiting
 * asks for a build. The board as stored stays one write unit (under 1 KB) when full.
 */
import { describe, expect, it } from 'vitest';
import { itemBytes } from '../../infra/cost.js';
import { boardOf, encodeBoard } from '../../functions/storage/players-dynamo.js';
import { playerKeys } from '../../functions/storage/table.js';
import {
  applyChange,
  emptyBoard,
  MARK_MS,
  needsBuild,
  WAITING_LISTED,
  WAITING_MARKS,
  type WaitingBoard,
  type WaitingChange,
} from '../../functions/players/waiting.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const entry = (matchId: string, since: number, version: number, seat = 0) => ({
  matchId,
  seat,
  gameId: 'golden-age',
  since,
  version,
  sealedToken: 'x'.repeat(95),
});
const waits = (matchId: string, since: number, version: number): WaitingChange => ({
  matchId,
  seat: 0,
  version,
  entry: entry(matchId, since, version),
});
const stops = (matchId: string, version: number): WaitingChange => ({ matchId, seat: 0, version, entry: null });

function play(changes: WaitingChange[], board: WaitingBoard = emptyBoard(), now = T0): WaitingBoard {
  return changes.reduce((b, c) => applyChange(b, c, now) ?? b, board);
}

describe("a player's waiting board", () => {
  it('follows a match: waiting, then not; the same change twice, or an older one late, changes nothing', () => {
    let b = play([waits('m1', T0, 3)]);
    expect(b.listed.map((e) => e.matchId)).toEqual(['m1']);
    expect(b.count).toBe(1);
    expect(applyChange(b, waits('m1', T0, 3), T0)).toBeNull();
    b = play([stops('m1', 4)], b);
    expect(b.listed).toEqual([]);
    expect(b.count).toBe(0);
    // Version 3 arriving after 4 (two processes, one match): the board heard of 4 already.
    expect(applyChange(b, waits('m1', T0, 3), T0)).toBeNull();
    expect(applyChange(b, stops('m1', 4), T0)).toBeNull();
    // A seat already not waiting: a newer version is remembered, nothing else changes.
    const c = applyChange(b, stops('m1', 5), T0)!;
    expect(c.count).toBe(0);
  });

  it('lists the longest waiting first, the most urgent WAITING_LISTED of them, and counts the rest', () => {
    const n = WAITING_LISTED + 3;
    const b = play(Array.from({ length: n }, (_, i) => waits(`m${i}`, T0 + i * 1000, 1)));
    expect(b.count).toBe(n);
    expect(b.listed.map((e) => e.matchId)).toEqual(Array.from({ length: WAITING_LISTED }, (_, i) => `m${i}`));
    // One beyond the list stops waiting: counted down, the list as it was.
    const c = play([stops(`m${n - 1}`, 2)], b);
    expect(c.count).toBe(n - 1);
    expect(c.listed).toEqual(b.listed);
    // The listed ones go one by one; the last leaves the list empty while others wait: a build.
    const d = play(
      Array.from({ length: WAITING_LISTED }, (_, i) => stops(`m${i}`, 2)),
      c,
    );
    expect(d.listed).toEqual([]);
    expect(d.count).toBe(n - 1 - WAITING_LISTED);
    expect(needsBuild(d)).toBe(true);
    expect(needsBuild(play([stops('m1', 9)], play([waits('m1', T0, 1)])))).toBe(false);
  });

  it('forgets versions after MARK_MS and keeps at most WAITING_MARKS of them', () => {
    const many = play(Array.from({ length: WAITING_MARKS + 5 }, (_, i) => stops(`m${i}`, 1)));
    expect(many.marks).toHaveLength(WAITING_MARKS);
    const later = applyChange(many, stops('late', 1), T0 + MARK_MS)!;
    expect(later.marks.map((m) => m.matchId)).toEqual(['late']);
  });

  it('is one write unit when full: the item under 1 KB as DynamoDB sizes it, and reads back as written', () => {
    let b = emptyBoard();
    // The longest ids the site makes: 12-character match ids, a 95-character sealed token, the longest game id.
    for (let i = 0; i < WAITING_LISTED + 2; i++) b = applyChange(b, waits(`abcdefghij${String(i).padStart(2, '0')}`, T0 + i, 99_999), T0)!;
    for (let i = 0; i < WAITING_MARKS; i++) b = applyChange(b, stops(`zyxwvutsrq${String(i).padStart(2, '0')}`, 99_999), T0)!;
    expect(b.listed).toHaveLength(WAITING_LISTED);
    expect(b.marks).toHaveLength(WAITING_MARKS);
    const item = { ...playerKeys.waiting('p-0123456789abcdef01234567'), rev: 123_456, b: encodeBoard(b) };
    const bytes = itemBytes({ pk: { S: item.pk }, sk: { S: item.sk }, rev: { N: String(item.rev) }, b: { S: item.b } });
    expect(bytes).toBeLessThanOrEqual(1024);
    const back = boardOf(item);
    expect(back.listed).toEqual(b.listed);
    expect(back.count).toBe(b.count);
    expect(back.marks.map((m) => m.at)).toEqual(b.marks.map((m) => Math.floor(m.at / 1000) * 1000));
  });
});
