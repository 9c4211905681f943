/**
 * Computer players on the pages, rendered to HTML: the create form's seat choices, "Play against the
 * computer" and the missed-deadline rule; the create request they make; the badges of computer seats
 * and stand-ins in the list of players; the notice while a computer plays one's own seat and the
 * offer to hand it over; the log's mark on a move a computer made for a player. (The whole path in
 * a browser against the real server: computer-players.e2e.test.ts.)
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { allComputer, botBadge, botsFor, isComputerSeat, openSeats } from '../../web/src/bots.js';
import { loadLanguage, loadPanels } from '../../web/src/i18n.js';
import { deadlineExplained } from '../../web/src/timing.js';
import { turnText } from '../../web/src/text.js';
import type { Match, SeatInfo } from '../../web/src/types.js';
import { SeatChoices, TimingChoices, VsComputer } from '../../web/src/ui/create/fields.js';
import { LogPanel } from '../../web/src/ui/LogPanel.js';
import { Seats } from '../../web/src/ui/match/MatchHeader.js';
import { AwayZone, StandInNotice } from '../../web/src/ui/match/StandIn.js';

const seat = (n: number, o: Partial<SeatInfo> = {}): SeatInfo => ({ seat: n, name: `P${n}`, joined: true, waitingSince: null, ...o });

const match = (seats: SeatInfo[], o: Partial<Match> = {}): Match => ({
  matchId: 'abcdefghijkl',
  game: { id: 'secret-sums', name: 'Secret sums' },
  version: 3,
  status: 'active',
  options: {},
  timing: null,
  seats,
  you: 0,
  toAct: [0],
  view: {},
  legalMoves: [],
  log: [],
  end: null,
  rematchId: null,
  ...o,
});

// The create form's words come from the English catalog.
// The result and stand-in panels' words come with them (the panels' catalog).
beforeAll(() => loadPanels().then(() => loadLanguage('en')));
describe('the create request', () => {
  it('names a computer seat with its level and leaves friends’ seats to invites; seat 0 is never a bot', () => {
    expect(botsFor(['friend', 'strong', 'easy'], 4)).toEqual([
      { seat: 2, level: 'strong' },
      { seat: 3, level: 'easy' },
    ]);
    // Choices for seats the match no longer has (fewer players chosen later) are left out.
    expect(botsFor(['easy', 'strong', 'strong'], 2)).toEqual([{ seat: 1, level: 'easy' }]);
    expect(botsFor([], 3)).toEqual([]);
  });

  it('"Play against the computer" makes every other seat a computer player of the chosen level', () => {
    expect(botsFor(allComputer(3, 'easy'), 3)).toEqual([
      { seat: 1, level: 'easy' },
      { seat: 2, level: 'easy' },
    ]);
    expect(botsFor(allComputer(2, 'strong'), 2)).toEqual([{ seat: 1, level: 'strong' }]);
  });
});

describe('the create form', () => {
  it('asks, for each seat but the creator’s, a friend or a computer player, each select labelled', () => {
    const html = renderToString(h(SeatChoices, { players: 3, choices: ['friend', 'easy'], onChange: () => undefined }));
    expect(html).toContain('<legend>The other seats</legend>');
    for (const n of [1, 2])
      expect(html).toMatch(
        new RegExp(`<label class="field" for="seat-choice-${n}"><span>Seat ${n + 1}</span><select id="seat-choice-${n}"`),
      );
    expect(html).not.toContain('seat-choice-3');
    expect(html).toContain('A friend (invite link)');
    expect(html).toContain('Computer — easy');
    expect(html).toContain('Computer — strong');
    // Nothing to ask for a game of one.
    expect(renderToString(h(SeatChoices, { players: 1, choices: [], onChange: () => undefined }))).toBe('');
  });

  it('offers "Play against the computer" with a labelled level, a button apart from the form’s submit button', () => {
    const html = renderToString(
      h(VsComputer, {
        gameName: 'The Dutch Golden Age',
        players: 3,
        level: 'strong',
        onLevel: () => undefined,
        disabled: false,
        onPlay: () => undefined,
      }),
    );
    expect(html).toContain('<h3 id="vs-computer-h">Play against the computer</h3>');
    expect(html).toContain('2 computer players take the other seats');
    expect(html).toMatch(/<label class="field" for="vs-computer-level"><span>Computer level<\/span><select id="vs-computer-level"/);
    expect(html).toMatch(/<button type="button" class="primary big">Play against the computer<\/button>/);
    expect(
      renderToString(
        h(VsComputer, { gameName: 'Dutch', players: 2, level: 'easy', onLevel: () => undefined, disabled: true, onPlay: () => undefined }),
      ),
    ).toContain('A computer player takes the other seat');
  });

  it('asks what a missed deadline does only when there is a deadline, and explains the choice', () => {
    const props = { reminderHours: 24, onReminder: () => undefined, onDeadline: () => undefined, onMissed: () => undefined };
    const none = renderToString(h(TimingChoices, { ...props, deadlineDays: 0, missed: 'default-move' }));
    expect(none).not.toContain('timing-missed');
    const some = renderToString(h(TimingChoices, { ...props, deadlineDays: 3, missed: 'bot' }));
    expect(some).toMatch(/<label class="field" for="timing-missed"><span>When a deadline passes<\/span><select id="timing-missed"/);
    for (const words of ['The standard move is made for them', 'A computer plays for them until they come back', 'They forfeit the match'])
      expect(some).toContain(words);
    expect(deadlineExplained(3, 'bot')).toContain('a computer player takes over their seat until they come back');
    expect(deadlineExplained(3, 'forfeit')).toContain('that player forfeits the match');
    expect(deadlineExplained(3)).toContain('standard move');
  });

  it('offers "no deadlines at weekends" only with a deadline', () => {
    const props = { reminderHours: 24, onReminder: () => undefined, onDeadline: () => undefined, onMissed: () => undefined };
    const weekends = { weekends: [true, () => undefined] as const };
    expect(renderToString(h(TimingChoices, { ...props, ...weekends, deadlineDays: 0, missed: 'default-move' }))).not.toContain(
      'timing-no-weekends',
    );
    const some = renderToString(h(TimingChoices, { ...props, ...weekends, deadlineDays: 1, missed: 'default-move' }));
    expect(some).toMatch(/<input type="checkbox" id="timing-no-weekends" checked\/?><span>No deadlines at weekends/);
  });
});

describe('the match page', () => {
  const seats = [
    seat(0, { name: 'Ann' }),
    seat(1, { name: 'Computer (strong)', bot: { level: 'strong' } }),
    seat(2, { name: 'Cy', bot: { level: 'easy', standIn: 'asked' } }),
  ];

  it('badges computer seats with their level, and a seat a computer stands in for, in words screen readers read', () => {
    const html = renderToString(
      h(Seats, {
        match: match(seats),
        creds: { kind: 'seat', seat: 0, token: 't' },
        now: 0,
      }),
    );
    expect(html).toContain('<span class="badge bot" data-bot="strong">Computer player, strong</span>');
    expect(html).toContain('<span class="badge bot stand-in" data-bot="easy">A computer (easy) plays for them</span>');
    expect((html.match(/class="badge bot/g) ?? []).length).toBe(2);
    expect(botBadge({ level: 'strong', standIn: 'deadline' }, true)).toBe('A computer (strong) plays for you');
  });

  it('never counts a computer seat as open: no invite for it, and the wait is for friends only', () => {
    const waiting = [
      seat(0),
      seat(1, { joined: false, name: null }),
      seat(2, { name: 'Computer (easy)', joined: false, bot: { level: 'easy' } }),
    ];
    expect(openSeats(waiting).map((s) => s.seat)).toEqual([1]);
    expect(turnText({ status: 'open', toAct: [], seats: waiting, you: 0 })).toBe('Waiting for one more player to join.');
    expect(isComputerSeat(waiting[2])).toBe(true);
    expect(isComputerSeat(seats[2])).toBe(false);
  });

  it('tells a player whose deadline passed that a computer plays for them, and how to take the seat back', () => {
    const html = renderToString(
      h(StandInNotice, { bot: { level: 'strong', standIn: 'deadline' }, busy: false, onTakeBack: () => undefined }),
    );
    expect(html).toContain('data-standin="deadline"');
    expect(html).toContain('A computer is playing for you');
    expect(html).toContain('Your move deadline passed');
    expect(html).toContain('(strong)');
    expect(html).toContain('make your next move yourself');
    expect(html).toMatch(/<button type="button" class="primary">Take my seat back<\/button>/);
    const asked = renderToString(h(StandInNotice, { bot: { level: 'easy', standIn: 'asked' }, busy: true, onTakeBack: () => undefined }));
    expect(asked).toContain('as you asked');
    expect(asked).toMatch(/<button type="button" class="primary" disabled>Take my seat back<\/button>/);
  });

  it('offers to hand one’s seat to a computer player of a chosen level', () => {
    const html = renderToString(h(AwayZone, { busy: false, onStandIn: () => undefined }));
    expect(html).toContain('Away for a while?');
    expect(html).toMatch(/<label class="field" for="away-level"><span>Computer level<\/span><select id="away-level"/);
    expect(html).toContain('>Let the computer play for me</button>');
  });

  it('marks in the log a move a computer made for a player, not those of a computer seat', () => {
    const log = [
      { version: 5, at: 0, seat: 2, bot: 'easy' as const, entries: [{ type: 'x', text: '{2} passes.' }] },
      { version: 4, at: 0, seat: 1, bot: 'strong' as const, entries: [{ type: 'x', text: '{1} passes.' }] },
      { version: 3, at: 0, seat: 0, entries: [{ type: 'x', text: '{0} passes.' }] },
    ];
    const html = renderToString(h(LogPanel, { log, seats, you: 0, seenUpTo: null, now: 0, olderDone: true }));
    expect((html.match(/class="log-by"/g) ?? []).length).toBe(1);
    expect(html).toContain('Cy passes.</span><span class="log-by"> · made by a computer (easy) for them</span>');
  });
});
