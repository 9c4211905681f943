/**
 * Racing snaps over the real HTTP API (issue 7, "Must show": concurrency), on the in-memory match store:
 * its conditional write is held to the DynamoDB adapter's contract (tests/contracts/match-store.contract.ts).
 *
 * Each trial starts a match, plays it by legal moves read from each seat's own view until the open
 * top discard is matched by cards of two different players, then sends both snaps at the same
 * moment at the same expectedVersion. What the service does (functions/matches/service.ts `move`):
 * the first conditional write wins; the other request finds a newer version, and since the game
 * calls snaps rebaseable it is re-applied to the newer state, where the discard it names is already
 * snapped — so it is judged late and costs the rule set's penalty. Both requests answer 200; only one
 * of them snapped.
 *
 * The cards are hidden, so only this harness looks at the stored state (through the storage port) to
 * find who can snap; the server is not changed in any way.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Params, Seat as SeatNo } from '#shared/engine/game.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { ALL_CARDS, rankOf, snapMatches, type CardId } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryMove, DutchMemoryState } from '#shared/games/dutch-memory/index.js';
import { type PlainState, toPlain } from '#shared/games/dutch-memory/plain.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';
import { GAMES } from '#shared/games/index.js';
import { DutchMemoryBoard } from '../../../web/src/games/dutch-memory/Board.js';
import { afterCommit, memoryApp, type Json, type Seat } from '../../support/app.js';
import { loadGameWords, loadLanguage } from '../../../web/src/i18n.js';
import { english, NAMES } from '../../support/words.js';

// The board's words (and the card names the test looks for) from the English catalog.
beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('dutch-memory');
});

type App = Awaited<ReturnType<typeof memoryApp>>;

/** Counts conditional writes refused as stale: proof that a race reached the database. */
function countingStale() {
  const counter = { stale: 0 };
  const wrap = afterCommit((result) => {
    if (!result.ok && result.reason === 'stale') counter.stale++;
  });
  return { counter, wrap };
}

/** The stored state (kept in the compact form), read in the readable one. */
async function stateOf(app: App, matchId: string) {
  const record = await app.table.store.get(matchId);
  if (!record) throw new Error(`no match ${matchId}`);
  const stored = record.state as DutchMemoryState;
  expect(stored.format).toBe(2);
  return { version: record.version, state: toPlain(stored), record };
}

const sameMove = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface Snapper {
  seat: SeatNo;
  slot: number;
  card: CardId;
}

interface RacePoint {
  version: number;
  on: number;
  top: CardId;
  turn: SeatNo;
  snappers: [Snapper, Snapper];
  before: PlainState;
}

/** The first card of each seat that would snap the top discard (same rank; a King of the same colour). */
function holders(state: PlainState): Snapper[] {
  const top = state.pile[state.pile.length - 1];
  if (!top) return [];
  const out: Snapper[] = [];
  state.benches.forEach((bench, seat) => {
    const slot = bench.findIndex((b) => b !== null && snapMatches(b.card, top.card));
    if (slot >= 0) out.push({ seat, slot, card: bench[slot]!.card });
  });
  return out;
}

/**
 * Plays by legal moves (never a snap or a Dutch call) until two different players hold a card of
 * the open top discard's rank, the player to move is at the start of a turn with no power waiting,
 * and the deck has a card for the penalty. Counts the moves the server accepted.
 */
async function driveToRace(app: App, matchId: string, seats: Seat[], rng: Rng, accepted: { moves: number }) {
  const pick = <T>(xs: readonly T[]): T => {
    const [i, next] = nextInt(rng, xs.length);
    rng = next;
    return xs[i]!;
  };
  for (let step = 0; step < 400; step++) {
    const { version, state } = await stateOf(app, matchId);
    expect(state.phase).not.toBe('over');
    if (state.phase === 'look') {
      // Everyone looks at once, at the same version: looks are rebaseable, so all are accepted.
      const views = await Promise.all(seats.map((s) => app.api.read(matchId, s)));
      const results = await Promise.all(
        seats.map((s, i) =>
          app.api.move(matchId, s, version, pick(views[i]!.json.legalMoves as DutchMemoryMove[]), `look-key-${step}-${s.seat}`),
        ),
      );
      for (const r of results) expect(r.status, r.text).toBe(200);
      accepted.moves += seats.length;
      continue;
    }
    const top = state.pile[state.pile.length - 1];
    const found = holders(state);
    if (top && !top.closed && found.length >= 2 && state.pending.length === 0 && state.turn.step === 'start' && state.deck.length > 0) {
      return {
        version,
        on: top.serial,
        top: top.card,
        turn: state.turn.seat,
        snappers: [found[0]!, found[1]!],
        before: state,
      } satisfies RacePoint;
    }
    const actor = state.pending[0]?.seat ?? state.turn.seat;
    const mine = await app.api.read(matchId, seats[actor]!);
    expect(mine.status).toBe(200);
    const choices = (mine.json.legalMoves as DutchMemoryMove[]).filter((m) => m.kind !== 'snap' && m.kind !== 'call-dutch');
    expect(choices.length).toBeGreaterThan(0);
    const r = await app.api.move(matchId, seats[actor]!, mine.json.version, pick(choices), `turn-key-${step}`);
    expect(r.status, r.text).toBe(200);
    accepted.moves++;
  }
  throw new Error('no double snap chance within 400 steps');
}

/** Every one of the 52 cards in exactly one place. */
function expectConserved(state: PlainState) {
  const where = [
    ...state.deck,
    ...state.pile.map((p) => p.card),
    ...state.aside,
    ...state.benches.flat().flatMap((b) => (b ? [b.card] : [])),
    ...(state.turn.held === null ? [] : [state.turn.held]),
  ];
  expect(where).toHaveLength(52);
  expect([...where].sort()).toEqual([...ALL_CARDS].sort());
}

/** A seat's view shows a face only where the stored state says that seat has seen the card. */
function expectHonestView(view: DutchMemoryView, state: PlainState, viewer: SeatNo) {
  view.benches.forEach((bench, seat) =>
    bench.forEach((slot, i) => {
      const stored = state.benches[seat]![i];
      expect(slot === null).toBe(stored === null);
      if (!slot || !stored) return;
      expect(slot.seenBy).toEqual(stored.seenBy);
      if (slot.card) {
        expect(stored.seenBy).toContain(viewer);
        expect(slot.card.id).toBe(stored.card);
      }
    }),
  );
}

/** Does this rank carry a power under the preset's rules (Queen and Jack; Ace under Marmot)? */
function powerCard(card: CardId, preset: 'bench' | 'marmot'): boolean {
  const rank = rankOf(card);
  return rank === 'Q' || rank === 'J' || (preset === 'marmot' && rank === 'A');
}

const board = (match: Json) => renderToString(h(DutchMemoryBoard, { match, submit: async () => true, busy: false }));
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#39;|&rsquo;/g, "'");

interface TrialOutcome {
  winner: SeatNo;
  loser: SeatNo;
  firstSent: boolean;
  /** The loser's first conditional write was refused as stale (both had read the same version). */
  collided: boolean;
  loserResponse: Json;
}

/**
 * One trial: a fresh match, played to a double snap chance, then the race. Checks everything the
 * issue asks of it and returns who won.
 */
async function trial(app: App, stale: { stale: number }, preset: 'bench' | 'marmot', players: number, seed: string): Promise<TrialOutcome> {
  const { matchId, seats } = await app.api.started('dutch-memory', players, { preset, snapWindowMs: 0 });
  const accepted = { moves: 0 };
  const race = await driveToRace(app, matchId, seats, seedRng(seed), accepted);
  const [a, b] = race.snappers;
  const seatsOf = (s: SeatNo) => seats[s]!;

  // The next player's page (rendered from its own HTTP answer) says the snap window is open and that
  // their discard will close it; another player's page says until when it stays open.
  const nextRead = await app.api.read(matchId, seatsOf(race.turn));
  expect(nextRead.json.view.snap).toMatchObject({ open: true, on: race.on });
  const nextPage = text(board(nextRead.json));
  expect(nextPage).toContain('Snap window open:');
  expect(nextPage).toContain('You are next: your discard will close it');
  const other = [a, b].find((s) => s.seat !== race.turn)!;
  const otherRead = await app.api.read(matchId, seatsOf(other.seat));
  expect(text(board(otherRead.json))).toContain(`It stays open until ${nextRead.json.seats[race.turn].name} discards or takes it.`);

  // Both snaps are legal moves in each snapper's own view, at the same version.
  const snapA = { kind: 'snap', on: race.on, slot: a.slot };
  const snapB = { kind: 'snap', on: race.on, slot: b.slot };
  const [viewA, viewB] = await Promise.all([app.api.read(matchId, seatsOf(a.seat)), app.api.read(matchId, seatsOf(b.seat))]);
  expect(viewA.json.version).toBe(race.version);
  expect(viewB.json.version).toBe(race.version);
  expect((viewA.json.legalMoves as unknown[]).some((m) => sameMove(m, snapA))).toBe(true);
  expect((viewB.json.legalMoves as unknown[]).some((m) => sameMove(m, snapB))).toBe(true);

  const staleBefore = stale.stale;
  const keys = { [a.seat]: `snap-${seed}-a`, [b.seat]: `snap-${seed}-b` };
  const [resA, resB] = await Promise.all([
    app.api.move(matchId, seatsOf(a.seat), race.version, snapA, keys[a.seat]),
    app.api.move(matchId, seatsOf(b.seat), race.version, snapB, keys[b.seat]),
  ]);
  const raceStale = stale.stale - staleBefore;
  expect(raceStale).toBeLessThanOrEqual(1);

  // Both are answered 200: one snapped, the other was re-applied after it and judged late.
  expect(resA.status, resA.text).toBe(200);
  expect(resB.status, resB.text).toBe(200);
  accepted.moves += 2;
  const types = (r: Json) => (r.events as { type: string }[]).map((e) => e.type);
  const snappedBy = [resA, resB].filter((r) => types(r.json).includes('snapped'));
  expect(snappedBy).toHaveLength(1);
  const winRes = snappedBy[0]!;
  const loseRes = winRes === resA ? resB : resA;
  const win = winRes === resA ? a : b;
  const lose = win === a ? b : a;
  expect(winRes.json.version).toBe(race.version + 1);
  expect(loseRes.json.version).toBe(race.version + 2);
  // A snapped Jack or Queen (or Ace, Marmot rules) brings its power to the snapper, as at a table.
  const winTypes = types(winRes.json);
  expect(winTypes[0]).toBe('snapped');
  expect(winTypes.slice(1)).toEqual(powerCard(race.top, preset) ? ['power'] : []);

  // The losing snap's outcome, exactly: late (its card never reached the pile, so it is not shown),
  // and one penalty card in the first free position (a new one at the end: nobody has snapped yet).
  const loserBench = race.before.benches[lose.seat]!;
  expect(loserBench.includes(null)).toBe(false);
  const penaltySlot = loserBench.length;
  const lateEvents = loseRes.json.events as { type: string; seat?: number; key: string; params: Params; data?: Json }[];
  expect(lateEvents.map((e) => e.type)).toEqual(['snap-failed', 'penalty']);
  expect(lateEvents[0]).toMatchObject({ seat: lose.seat, data: { owner: lose.seat, slot: lose.slot, why: 'late', card: null } });
  expect(english(lateEvents[0])).toContain(`${NAMES[lose.seat]} snapped too late`);
  expect(lateEvents[1]).toMatchObject({ seat: lose.seat });
  expect(english(lateEvents[1])).toBe(`${NAMES[lose.seat]} takes a penalty card, face down, in position ${penaltySlot + 1}.`);
  expect(JSON.stringify(lateEvents)).not.toContain(`"${lose.card}"`);

  // Server side: the stored state after both.
  const after = await stateOf(app, matchId);
  expect(after.version).toBe(race.version + 2);
  const s = after.state;
  expectConserved(s);
  const topNow = s.pile[s.pile.length - 1]!;
  expect(topNow).toMatchObject({ card: win.card, closed: true });
  expect(s.pile[s.pile.length - 2]).toMatchObject({ card: race.top, serial: race.on, closed: true });
  expect(s.pile).toHaveLength(race.before.pile.length + 1);
  expect(s.benches[win.seat]![win.slot]).toBeNull();
  // The late snapper keeps their card where it was, known to exactly whom it was known before.
  expect(s.benches[lose.seat]![lose.slot]).toEqual(race.before.benches[lose.seat]![lose.slot]);
  expect(s.benches[lose.seat]).toHaveLength(race.before.benches[lose.seat]!.length + 1);
  // The penalty card came from the deck (which is shuffled as it is drawn from: the card drawn is not
  // always the last one stored), and only it left the deck.
  const penaltySeen = preset === 'marmot';
  const penaltyCard = s.benches[lose.seat]![penaltySlot]!.card;
  expect(s.benches[lose.seat]![penaltySlot]).toEqual({ card: penaltyCard, seenBy: penaltySeen ? [lose.seat] : [] });
  expect(race.before.deck).toContain(penaltyCard);
  expect([...s.deck, penaltyCard].sort()).toEqual([...race.before.deck].sort());
  // Nobody else's cards changed, and the turn did not move: the next player is still to draw.
  s.benches.forEach((bench, seat) => {
    if (seat !== win.seat && seat !== lose.seat) expect(bench).toEqual(race.before.benches[seat]);
  });
  expect(s.turn).toEqual(race.before.turn);
  expect(s.totals).toEqual(race.before.totals);

  // The rule sets differ here: under the Marmot rules the late snapper is shown their penalty card.
  if (penaltySeen) {
    expect(loseRes.json.reveal).toEqual({
      cards: [{ seat: lose.seat, slot: penaltySlot, card: expect.objectContaining({ id: penaltyCard }), why: 'penalty' }],
      drawn: null,
    });
  } else {
    expect(loseRes.json.reveal).toBeUndefined();
  }
  expect(winRes.json.reveal).toBeUndefined();

  // Versions are contiguous, with one log record per accepted change: joins, then every move.
  const log = await app.table.store.fullLog(matchId);
  const versions = log.map((l) => l.version);
  expect(versions).toEqual(Array.from({ length: after.version - 1 }, (_, i) => i + 2));
  expect(log.filter((l) => l.kind === 'join' || l.kind === 'start')).toHaveLength(players - 1);
  expect(log.filter((l) => l.kind === 'move')).toHaveLength(accepted.moves);
  expect(log[log.length - 2]).toMatchObject({ version: race.version + 1, seat: win.seat, kind: 'move', move: win === a ? snapA : snapB });
  expect(log[log.length - 1]).toMatchObject({ version: race.version + 2, seat: lose.seat, kind: 'move', move: lose === a ? snapA : snapB });

  // A retry of the losing request (same Idempotency-Key) gets the same answer and no second penalty.
  const retry = await app.api.move(matchId, seatsOf(lose.seat), race.version, lose === a ? snapA : snapB, keys[lose.seat]);
  expect(retry.status).toBe(200);
  expect(retry.json).toEqual(loseRes.json);
  expect((await stateOf(app, matchId)).version).toBe(race.version + 2);

  // Every seat reads the same table at the same version, each seeing only what it has seen.
  const reads = await Promise.all(seats.map((x) => app.api.read(matchId, x)));
  for (const [seat, r] of reads.entries()) {
    const v = r.json.view as DutchMemoryView;
    expect(r.json.version).toBe(race.version + 2);
    expect(v.snap).toMatchObject({ open: false, on: topNow.serial });
    expect(v.discard.top?.id).toBe(win.card);
    expect(v.discard.count).toBe(s.pile.length);
    expect(v.deckCount).toBe(s.deck.length);
    expect(v.benches[win.seat]![win.slot]).toBeNull();
    expect(v.benches[lose.seat]).toHaveLength(race.before.benches[lose.seat]!.length + 1);
    expect(v.benches[lose.seat]![penaltySlot]!.card?.id ?? null).toBe(penaltySeen && seat === lose.seat ? penaltyCard : null);
    expectHonestView(v, s, seat);
    // Nobody may snap the closed discard any more.
    expect((r.json.legalMoves as { kind: string }[]).some((m) => m.kind === 'snap')).toBe(false);
    // The log tells every seat the same story, in this order.
    const last2 = (r.json.log as { version: number; entries: { type: string }[] }[]).filter((l) => l.version > race.version);
    expect(last2.map((l) => [l.version, l.entries.map((e) => e.type)])).toEqual([
      [race.version + 2, ['snap-failed', 'penalty']],
      [race.version + 1, winTypes],
    ]);
  }
  // The next player's page no longer offers the window.
  expect(board(reads[race.turn]!.json)).not.toContain('data-banner="snap"');

  return { winner: win.seat, loser: lose.seat, firstSent: win === a, collided: raceStale === 1, loserResponse: loseRes.json };
}

describe('dutch-memory over HTTP: two players snap the same discard at once', () => {
  it('bench rules, 4 players, 20 trials: one snaps, the other is re-applied, judged late and takes one face-down penalty card; 52 cards, contiguous versions, consistent views', async () => {
    const { counter, wrap } = countingStale();
    const app = await memoryApp({ games: [...GAMES], wrapStore: wrap });
    const outcomes: TrialOutcome[] = [];
    for (let i = 0; i < 20; i++) outcomes.push(await trial(app, counter, 'bench', 4, `bench-race-${i}`));
    // The two requests really met at the conditional write (rather than running one after the other).
    expect(outcomes.some((o) => o.collided)).toBe(true);
    console.info(
      `bench: snaps collided at the conditional write in ${outcomes.filter((o) => o.collided).length}/20 trials; the first-sent snap won ${outcomes.filter((o) => o.firstSent).length}/20`,
    );
  });

  it('Marmot rules, 3 players, 5 trials: the same race, but the late snapper is shown their penalty card (and only they see it)', async () => {
    const { counter, wrap } = countingStale();
    const app = await memoryApp({ games: [...GAMES], wrapStore: wrap });
    const outcomes: TrialOutcome[] = [];
    for (let i = 0; i < 5; i++) outcomes.push(await trial(app, counter, 'marmot', 3, `marmot-race-${i}`));
    // (That the requests really collide is asserted over the 20 bench trials; 5 are too few to insist.)
    for (const o of outcomes) expect(o.loserResponse.reveal.cards[0].why).toBe('penalty');
    console.info(`marmot: snaps collided at the conditional write in ${outcomes.filter((o) => o.collided).length}/5 trials`);
  });
});
