/**
 * The view components, rendered to HTML from real engine states (the Dutch engine's own `view` and
 * `legalMoves`), and the board's selection logic against the engine's legal moves.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardName } from '../../web/src/games/dutch-auction/logic.js';
import type { LogEntry } from '#shared/engine/game.js';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import { sayHere } from '../../web/src/text.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import type { DutchAuctionState } from '#shared/games/dutch-auction/state.js';
import { Card } from '../../web/src/games/dutch-auction/Card.js';
import { DutchAuctionBoard } from '../../web/src/games/dutch-auction/Board.js';
import { DutchAuctionOutcome } from '../../web/src/games/dutch-auction/Score.js';
import {
  type DutchAuctionView,
  actionsFor,
  commitFor,
  planFor,
  sealQuestion,
  selectableCards,
  selectionHint,
} from '../../web/src/games/dutch-auction/logic.js';
import { GenericBoard } from '../../web/src/games/generic/Board.js';
import { moveLabel } from '../../web/src/games/generic/labels.js';
import { LogPanel } from '../../web/src/ui/LogPanel.js';
import { OutcomePanel } from '../../web/src/ui/Outcome.js';
import type { Match } from '../../web/src/types.js';
import { loadGameWords, loadLanguage, loadPanels } from '../../web/src/i18n.js';

// The page's words come from the English catalog (until it is loaded, `t` answers keys). The result
// and stand-in panels' words come with them (the panels' catalog), the auction board's with its catalog.
beforeAll(async () => {
  await loadPanels();
  await loadLanguage('en');
  await loadGameWords('dutch-auction');
});

const seats = [
  { seat: 0, name: 'Ann', joined: true, waitingSince: null },
  { seat: 1, name: 'Bob', joined: true, waitingSince: null },
];

function matchFor(state: DutchAuctionState, you: number | null): Match {
  const over = state.phase === 'over';
  const r = dutchAuction.result(state);
  return {
    matchId: 'abcdefghijkl',
    game: { id: 'dutch-auction', name: 'Dutch (auction deck-builder)' },
    version: 5,
    status: over ? 'over' : 'active',
    options: { edition: state.edition },
    seats,
    you,
    toAct: dutchAuction.toAct(state),
    view: dutchAuction.view(state, you),
    legalMoves: you === null || over ? [] : dutchAuction.legalMoves(state, you),
    log: [],
    end: r ? { ...r, reason: 'finished' } : null,
    rematchId: null,
  };
}

const play = (s: DutchAuctionState, seat: number, m: DutchAuctionMove): DutchAuctionState => {
  const r = dutchAuction.apply(s, seat, m, { now: 0 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
};

/** Both seats seal their first legal choice: the state enters phase 3. */
function afterReveal(seed: string): DutchAuctionState {
  let s = dutchAuction.setup(2, { edition: 'current' }, seed);
  for (const seat of [0, 1]) s = play(s, seat, dutchAuction.legalMoves(s, seat)[0]!);
  return s;
}

const board = (m: Match) => renderToString(h(DutchAuctionBoard, { match: m, submit: async () => true, busy: false }));
const ids = (html: string) => new Set([...html.matchAll(/data-card="([^"]+)"/g)].map((x) => x[1]!));

describe('Dutch board', () => {
  it('shows my hand as cards to select, the opponent’s hand only as backs, and the display with its costs', () => {
    const s = dutchAuction.setup(2, { edition: 'current' }, 'view-1');
    const html = board(matchFor(s, 0));
    const shown = ids(html);
    for (const c of s.seats[0].hand) {
      expect(shown.has(c)).toBe(true);
      // The name starts with the words on the card's face (WCAG 2.5.3), then where it is and what.
      expect(html).toMatch(new RegExp(`aria-label="[^"]*: Your hand: ${cardName(c).replace(/[()]/g, '\\$&')}`));
    }
    // Nothing of Bob's hand or deck, neither as id nor by name.
    for (const c of [...s.seats[1].hand, ...s.seats[1].deck]) {
      expect(shown.has(c)).toBe(false);
      expect(html).not.toContain(cardName(c));
    }
    expect(html).toContain(`aria-label="Bob's hand: 5 cards"`);
    for (let slot = 1; slot <= 6; slot++) expect(html).toContain(`Display position ${slot}, costs ${slot}`);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Seal my bid<\/button>/);
    expect(html).toContain('data-phase="commit"');
  });

  it('draws every suit with its own colour class and its own shape, and labels each card in words', () => {
    const shapes = new Set<string>();
    for (const suit of ['green', 'red', 'pink', 'blue']) {
      const html = renderToString(h(Card, { id: `${suit}-3`, edition: 'current' }));
      expect(html).toContain(`suit-${suit}`);
      expect(html).toContain(`aria-label="3, 6 VP: ${suit} 3-bid, bids 3, 6 VP"`);
      shapes.add(html.match(/<(path|circle|rect) class="sym"[^>]*>/)![0]);
    }
    expect(shapes.size).toBe(4);
    const power = renderToString(h(Card, { id: 'blue-P1', edition: 'current', onToggle: () => {}, selected: true }));
    expect(power).toMatch(/^<button/);
    expect(power).toContain('aria-pressed="true"');
    expect(power).toContain('power card');
  });

  it('a spectator sees no hand at all', () => {
    const s = dutchAuction.setup(2, { edition: 'current' }, 'view-2');
    const html = board(matchFor(s, null));
    for (const c of [...s.seats[0].hand, ...s.seats[1].hand]) expect(ids(html).has(c)).toBe(false);
    expect(html).not.toContain('Seal my bid');
  });
});

describe('Dutch selection logic against the engine’s legal moves', () => {
  it('commit: the card set aside and the rest as bid is exactly one legal move', () => {
    const s = dutchAuction.setup(2, { edition: 'current' }, 'logic-1');
    const view = dutchAuction.view(s, 0) as DutchAuctionView;
    const legal = dutchAuction.legalMoves(s, 0);
    for (const aside of s.seats[0].hand) {
      const plan = planFor(view, aside, []);
      expect(plan.bid).toHaveLength(4);
      expect(commitFor(legal, plan)).toEqual(legal.find((m) => m.kind === 'commit' && m.setAside === aside));
    }
    expect(commitFor(legal, { setAside: null, bid: s.seats[0].hand })).toBeUndefined();
  });

  it('the seal question says a sealed bid can be taken back until the other bid is sealed, and not after (issue 25)', async () => {
    let s = dutchAuction.setup(2, { edition: 'current' }, 'logic-1');
    const first = () => sealQuestion(dutchAuction.view(s, 0) as DutchAuctionView);
    expect(first()).toBe('Seal this choice? Until the other bid is sealed too, you can still take it back with Undo.');
    expect(first()).not.toMatch(/cannot be changed/);
    s = play(s, 1, dutchAuction.legalMoves(s, 1)[0]!);
    expect(first()).toBe(
      'Seal this choice? The other bid is already sealed, so both bids are shown at once and yours cannot be taken back.',
    );
    await loadLanguage('nl');
    await loadGameWords('dutch-auction');
    try {
      expect(first()).toMatch(/^Deze keuze verzegelen\? Het andere bod is al verzegeld.*niet meer terugnemen\.$/);
      s = dutchAuction.setup(2, { edition: 'current' }, 'logic-1');
      expect(first()).toMatch(/^Deze keuze verzegelen\? Zolang het andere bod nog open is, kun je hem met Terugnemen nog herzien\.$/);
    } finally {
      await loadLanguage('en');
      await loadGameWords('dutch-auction');
    }
  });

  it('purchase: a display card plus as many bid cards as its cost, and nothing else', () => {
    const s = afterReveal('logic-2');
    const seat = s.active!;
    const view = dutchAuction.view(s, seat) as DutchAuctionView;
    const legal = dutchAuction.legalMoves(s, seat);
    const bid = s.seats[seat]!.bid.map((c) => c.id);
    const slot2 = s.display[1]!;
    expect(selectableCards(view, legal).has(slot2)).toBe(true);

    const one = new Set([slot2, bid[0]!]);
    expect(actionsFor(view, legal, one).filter((a) => a.move.kind === 'purchase')).toEqual([]);
    expect(selectionHint(view, legal, one)).toBe('Position 2 costs 2: select 1 more card from your bid to pay.');

    const two = new Set([slot2, bid[0]!, bid[1]!]);
    const buys = actionsFor(view, legal, two).filter((a) => a.move.kind === 'purchase');
    expect(buys).toHaveLength(1);
    expect(buys[0]!.label).toBe(`Buy the ${cardName(slot2)} (position 2) for 2 cards`);
    expect(legal).toContainEqual(buys[0]!.move);
    // The engine accepts what the board offers.
    expect(dutchAuction.apply(s, seat, buys[0]!.move, { now: 0 }).ok).toBe(true);
  });

  it('powers: selecting a power card and its target offers exactly the engine’s moves for that pair', () => {
    let found = 0;
    for (let i = 0; i < 40 && found < 3; i++) {
      const s = afterReveal(`power-${i}`);
      const seat = s.active!;
      const view = dutchAuction.view(s, seat) as DutchAuctionView;
      const legal = dutchAuction.legalMoves(s, seat);
      const power = legal.find((m) => m.kind === 'power');
      if (power?.kind !== 'power') continue;
      found++;
      const offered = actionsFor(view, legal, new Set([power.card, power.target])).map((a) => a.move);
      const pair = new Set([power.card, power.target]);
      const expected = legal.filter((m) => m.kind === 'power' && pair.has(m.card) && pair.has(m.target));
      expect(offered).toEqual(expected);
      for (const m of offered) expect(dutchAuction.apply(s, seat, m, { now: 0 }).ok).toBe(true);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('the board of the seat acting in phase 3 offers only its cards that take part in a legal move', () => {
    const s = afterReveal('logic-3');
    const seat = s.active!;
    const html = board(matchFor(s, seat));
    const legal = dutchAuction.legalMoves(s, seat);
    const view = dutchAuction.view(s, seat) as DutchAuctionView;
    const buttons = new Set([...html.matchAll(/<button[^>]*data-card="([^"]+)"/g)].map((x) => x[1]!));
    expect(buttons).toEqual(selectableCards(view, legal));
    expect(html).toContain('Finish my turn');
  });
});

describe('final result', () => {
  function finished(): DutchAuctionState {
    let s = dutchAuction.setup(2, { edition: 'current' }, 'end-1');
    while (s.phase !== 'over') {
      const seat = dutchAuction.toAct(s)[0]!;
      const legal = dutchAuction.legalMoves(s, seat);
      s = play(
        s,
        seat,
        legal.find((m) => m.kind === 'commit') ?? legal.find((m) => m.kind === 'purchase') ?? legal.find((m) => m.kind === 'done')!,
      );
    }
    return s;
  }

  it('a resigned match’s result: the words in the page’s language; a result stored as English still shows (issue 25)', async () => {
    const m = matchFor(dutchAuction.setup(2, { edition: 'current' }, 'logic-1'), 0);
    const summaryOf = (end: Match['end']) =>
      /<p class="summary">([^<]*)<\/p>/.exec(renderToString(h(OutcomePanel, { match: { ...m, status: 'over', end } })))?.[1];
    const words = { winners: [0], reason: 'resigned' as const, seat: 1, key: 'match.log.resigned', params: { seat: { seat: 1 } } };
    const older = { winners: [0], reason: 'resigned' as const, seat: 1, summary: '{1} resigned.' };
    expect(summaryOf(words)).toBe('Bob resigned.');
    expect(summaryOf(older)).toBe('Bob resigned.');
    await loadLanguage('nl');
    try {
      expect(summaryOf(words)).toBe('Bob gaf op.');
      expect(summaryOf(older)).toBe('Bob resigned.');
    } finally {
      await loadLanguage('en');
    }
  });

  it('shows the winner, the scores and the breakdown per suit', () => {
    const s = finished();
    const m = matchFor(s, 0);
    const html = renderToString(h(OutcomePanel, { match: m, Details: DutchAuctionOutcome }));
    const r = dutchAuction.result(s)!;
    expect(html).toContain('Final result');
    expect(html).toContain(`Ann: ${r.scores![0]} VP`);
    expect(html).toContain(`Bob: ${r.scores![1]} VP`);
    expect((html.match(/class="winner"/g) ?? []).length).toBe(r.winners.length);
    expect((html.match(/<tr>/g) ?? []).length).toBe(2 * (1 + 4 + 1));
    expect(html).not.toContain('{0}');
  });
});

describe('log', () => {
  const log = [
    { version: 3, at: 0, seat: 0, entries: [{ type: 'x', text: '{0} sealed a bid.' }] },
    { version: 4, at: 0, seat: 1, entries: [{ type: 'x', text: '{1} sealed a bid.' }] },
    { version: 5, at: 0, seat: 1, entries: [{ type: 'x', text: '{1} bought a card from {0}’s favourite spot.' }] },
  ];
  const evil = [
    { seat: 0, name: 'Ann', joined: true, waitingSince: null },
    { seat: 1, name: '<img src=x onerror=alert(1)>', joined: true, waitingSince: null },
  ];

  it('puts what is new since I last looked first, with the players’ names as text', () => {
    const html = renderToString(h(LogPanel, { log, seats, you: 0, seenUpTo: 3, now: 0, olderDone: true }));
    const since = html.slice(html.indexOf('Since you last looked'), html.indexOf('Earlier'));
    expect(since).toContain('Bob sealed a bid.');
    expect(since).toContain('Bob bought a card from Ann’s favourite spot.');
    expect(since).not.toContain('Ann sealed');
    expect(html.indexOf('Bob sealed')).toBeLessThan(html.indexOf('Bob bought'));
  });

  it('never lets a name become markup', () => {
    const html = renderToString(h(LogPanel, { log, seats: evil, you: 0, seenUpTo: null, now: 0, olderDone: true }));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)>');
  });

  /** A whole auction game to its end, one log record per move as the server keeps them (seat 0's eyes). */
  function endedLog() {
    let s = dutchAuction.setup(2, { edition: 'current' }, 'end-1');
    const records: { version: number; at: number; seat: number; entries: LogEntry[] }[] = [];
    while (s.phase !== 'over') {
      const seat = dutchAuction.toAct(s)[0]!;
      const legal = dutchAuction.legalMoves(s, seat);
      const move =
        legal.find((m) => m.kind === 'commit') ?? legal.find((m) => m.kind === 'purchase') ?? legal.find((m) => m.kind === 'done')!;
      const r = dutchAuction.apply(s, seat, move, { now: 0 });
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
      const entries = r.value.events.flatMap((e) => dutchAuction.viewEvent(e, 0) ?? []);
      records.push({ version: records.length + 2, at: 0, seat, entries });
    }
    return records;
  }
  const texts = (html: string) => [...html.matchAll(/class="log-text">([^<]*)</g)].map((x) => x[1]!);

  it('at the end of a match nothing is listed as coming after “The game is over” (issue 25)', () => {
    const ended = endedLog();
    const last = ended.at(-1)!;
    expect(last.entries.length).toBeGreaterThan(1);
    // Newest first: the end line is the newest line, on top, and each record's lines read newest first too.
    const all = texts(renderToString(h(LogPanel, { log: ended, seats, you: 0, seenUpTo: null, now: 0, olderDone: true })));
    expect(all[0]).toMatch(/^The game is over: /);
    expect(all.slice(1).some((l) => /^The game is over/.test(l))).toBe(false);
    expect(all.slice(0, last.entries.length)).toEqual(last.entries.map((e) => sayHere(e, seats)).reverse());
    // What is new since I last looked reads oldest first: there the end line comes last.
    const html = renderToString(
      h(LogPanel, { log: ended, seats, you: 1 - last.seat, seenUpTo: last.version - 1, now: 0, olderDone: true }),
    );
    const since = texts(html.slice(html.indexOf('Since you last looked'), html.indexOf('Earlier')));
    expect(since.length).toBeGreaterThan(1);
    expect(since.at(-1)).toMatch(/^The game is over: /);
  });

  it('my own moves are never “new”', () => {
    const html = renderToString(h(LogPanel, { log: [log[0]!], seats, you: 0, seenUpTo: 1, now: 0, olderDone: true }));
    expect(html).not.toContain('Since you last looked');
    expect(html).toContain('Nothing new from the others since you last looked.');
  });
});

describe('the plain board for games without a page', () => {
  it('offers every legal move as a labelled button, grouped by kind', () => {
    const m: Match = {
      ...matchFor(dutchAuction.setup(2, { edition: 'current' }, 'g'), 0),
      game: { id: 'secret-sums', name: 'Secret sums' },
      view: { phase: 'count' },
      legalMoves: [
        { kind: 'add', amount: 1 },
        { kind: 'add', amount: 2 },
      ],
    };
    const html = renderToString(h(GenericBoard, { match: m, submit: async () => true, busy: false }));
    expect(html).toContain('<legend>Add</legend>');
    expect(html).toContain('>Add: amount 1</button>');
    expect(html).toContain('>Add: amount 2</button>');
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Make this move<\/button>/);
  });

  it.each([
    [{ kind: 'commit', secret: 7 }, 'Commit: secret 7'],
    [{ kind: 'purchase', slot: 3, pay: ['red-1', 'blue-2'] }, 'Purchase: slot 3, pay red-1, blue-2'],
    [{ kind: 'take-guild', colour: 'red', from: { at: 'province', province: 'holland' } }, 'Take guild: colour red, from province holland'],
    [{ kind: 'prize-token', province: 'zeeland', convert: true }, 'Prize token: province zeeland, convert yes'],
    [{ kind: 'end-turn' }, 'End turn'],
  ])('labels %j as “%s”', (move, label) => {
    expect(moveLabel(move)).toBe(label);
  });
});
