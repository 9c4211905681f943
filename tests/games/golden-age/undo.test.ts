/**
 * Undo in The Dutch Golden Age (Game.undoable): a player may take back moving, buying or placing their
 * own pieces on the open board before ending the turn, never a roll, a card drawn or shown, an auction
 * or the end of the turn. Positions come from seeded random play (../undo-positions.ts).
 */
import { describe, expect, it } from 'vitest';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { findPosition, tryUndoable } from '../undo-positions.js';

type Kind = GoldenAgeMove['kind'];
const inTurn = (kind: Kind) => (state: unknown, seat: number, move: unknown) => {
  const s = state as GoldenAgeState;
  return (move as GoldenAgeMove).kind === kind && s.current === seat && (kind === 'exchange' ? s.phase === 'actions' : true);
};
// Keep turns going so the walk reaches positions with markers, guilds and paintings.
const avoid = (m: unknown) => (m as GoldenAgeMove).kind === 'end-turn';

describe('Golden Age: which moves may be undone', () => {
  it.each<[Kind, boolean, string]>([
    ['move-token', true, 'only the own token moves on the open board, paid from open money'],
    ['take-guild', true, 'an open marker and money change hands; nothing is drawn'],
    ['buy-token', true, 'a token from the own reserve onto the board'],
    ['create-marker', true, 'three tokens become a marker, all in the open'],
    ['roll', false, 'the dice use chance'],
    ['buy-card', false, 'a card is drawn from a hidden deck'],
    ['end-turn', false, 'the next player is to act'],
    ['auction', false, 'the other players then bid on it'],
    ['place-marker', false, 'in set-up, the next player places next'],
  ])('%s → undoable %s (%s)', (kind, expected) => {
    const p = findPosition(goldenAge, 4, inTurn(kind), kind === 'end-turn' ? {} : { avoid });
    expect(tryUndoable(goldenAge, p).undoable).toBe(expected);
  });

  it('cashing in a set is not undoable: it shows cards from the hidden hand', () => {
    const p = findPosition(goldenAge, 3, (_s, _seat, m) => (m as GoldenAgeMove).kind === 'exchange', { avoid, games: 80 });
    expect(tryUndoable(goldenAge, p).undoable).toBe(false);
  });

  it('several moves in a row are each undoable while the turn goes on, the end of the turn is not', () => {
    let p = findPosition(goldenAge, 3, inTurn('move-token'), { avoid });
    const seat = p.seat;
    let state = p.state as GoldenAgeState;
    for (let i = 0; i < 2; i++) {
      const { undoable, after } = tryUndoable(goldenAge, p);
      expect(undoable).toBe(true);
      state = after as GoldenAgeState;
      const next = goldenAge.legalMoves(state, seat).find((m) => m.kind === 'move-token');
      if (!next) break;
      p = { state, seat, move: next };
    }
    expect(tryUndoable(goldenAge, { state, seat, move: { kind: 'end-turn' } }).undoable).toBe(false);
  });
});

/** With undo requests on, a turn may be asked back when its end showed nothing (Game.revealsNothing). */
describe('Golden Age: which moves show nothing, for undo requests', () => {
  it.each<[Kind, boolean]>([
    ['end-turn', true],
    ['move-token', true],
    ['roll', false],
    ['buy-card', false],
  ])('%s → shows nothing %s', (kind, expected) => {
    const p = findPosition(goldenAge, 4, inTurn(kind), kind === 'end-turn' ? {} : { avoid });
    const r = goldenAge.apply(p.state as GoldenAgeState, p.seat, p.move as GoldenAgeMove, { now: 0 });
    if (!r.ok) throw new Error(r.error.code);
    expect(goldenAge.revealsNothing!(p.state as GoldenAgeState, r.value.state, p.seat, p.move as GoldenAgeMove, r.value)).toBe(expected);
  });
});
