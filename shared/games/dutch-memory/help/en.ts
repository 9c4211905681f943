/**
 * Rules help for players, written for this site (not copied from the rule texts). It also lists
 * every decision this implementation made where the printed rules leave a gap.
 */
import type { RulesHelp } from '../help.js';

export const rulesHelp: RulesHelp = {
  title: 'Dutch — the memory card game',
  intro:
    'Dutch (also met as Cambio, Cactus, Pablo or Tamalou) is played with one ordinary 52-card deck by 2 to 8 people. ' +
    'Everyone has a few cards lying face down in front of them and tries to end each round holding as few points as ' +
    'possible — without being allowed to look at those cards except at a few special moments. Remember well, swap ' +
    'wisely, and say "Dutch" when you think nobody can beat you. Over several rounds, the lowest total wins.',
  sections: [
    {
      heading: 'Two rule sets',
      paragraphs: [
        'When a match is created you pick a preset: "bench" (the default) or "Marmot". They share the game but differ in ' +
          'a handful of places, and each of those places can also be switched on its own in the match options.',
        'Bench: your four cards lie in a 2×2 square; the dealer turns up a first discard; you may take the top discard ' +
          'instead of drawing; Queens and Jacks have powers; Jacks and Queens count 10 and black Kings 13; a Dutch caller ' +
          'who is not strictly lowest takes a penalty card for every player who scored the same or less; a player left ' +
          'with no cards has Dutch called for them when their turn comes; equal final totals are split by the last ' +
          "round's scores.",
        'Marmot: your four cards lie in a row; there is no first discard and you can never take from the pile; Aces have ' +
          'a power too; Jacks count 11, Queens 12 and black Kings 20; a caller who is lowest (a tie is good enough) draws ' +
          'a bonus card that is taken off their score, otherwise one penalty card that is added; whoever gets rid of all ' +
          'their cards ends the round on the spot; equal final totals share the win.',
      ],
    },
    {
      heading: 'Card values',
      paragraphs: [
        'Ace 1. Two to ten: the number on the card. Red Kings (hearts, diamonds): 0 — the best card in the deck.',
        'Bench values: Jack 10, Queen 10, black King 13. Marmot values: Jack 11, Queen 12, black King 20.',
        'Suits matter only for Kings — also when snapping: a red King goes only on a red King, a black King only on a ' +
          'black King, because the two are worth different points.',
      ],
    },
    {
      heading: 'Starting a round',
      paragraphs: [
        'Everyone is dealt four cards face down. Their positions are fixed for the whole round: cards never get ' +
          'rearranged, so "my top-left card" keeps meaning the same place.',
        'Before play starts, every player chooses two of their own four cards to look at. All players do this at the ' +
          'same time; the round starts once the last one has looked. Which two you picked is public, what they are is not. ' +
          'If your deadline passes first, the site looks at your first two positions for you.',
        'Who deals first: under the bench rules the last seat, so the first seat starts; under the Marmot rules a seat ' +
          'drawn at random when the match is set up (so the player who created the match does not always go first). The ' +
          'deal then moves one seat clockwise each round, and play always begins with the player after the dealer. Under ' +
          "the bench rules the dealer's first discard is then turned face up.",
      ],
    },
    {
      heading: 'Your turn',
      paragraphs: [
        'Play goes clockwise. At the start of your turn you do exactly one of these:',
        '• Draw the top card of the deck. Only you see it. Then either put it face down in place of one of your cards — ' +
          'the card you replace goes face up onto the discard pile, unseen by you until it lands — or throw the drawn card ' +
          'onto the discard pile.',
        '• (Bench rules only) Take the top card of the discard pile and put it in place of one of your cards, which goes ' +
          'onto the pile. Everyone saw the card you took.',
        '• Call Dutch (see below). Calling ends your turn at once.',
        'There is also a one-click "draw and discard" that draws and throws the card away in one go.',
      ],
    },
    {
      heading: 'Special cards',
      paragraphs: [
        "Queen: look at any one face-down card on the table — yours or anyone else's. Only you see it.",
        'Jack: swap two face-down cards without looking at them. Bench rules: the two cards must come from two different ' +
          'players (you may be one of them). Marmot rules: any two cards, even two of the same player.',
        'Ace (Marmot rules only): give another player the top card of the deck, face down; nobody sees it.',
        'A power belongs to whoever puts the card onto the discard pile: a drawn card you throw away, a card you replace ' +
          "from your own cards, and a card you snap all count. The dealer's first discard gives nothing. Using a power " +
          'is optional — you may skip it.',
        'If several special cards land one after another (a Jack, then someone snaps another Jack on it), their powers ' +
          'are used in the order the cards landed. While a power waits to be used, nobody else can take their turn; the ' +
          'page shows whose power is waiting.',
      ],
    },
    {
      heading: 'Snapping',
      paragraphs: [
        'Whenever a card lands face up on the discard pile, any player — including the one who just discarded it, and ' +
          'players whose turn it is not — may snap: throw one of their own face-down cards on top of it, claiming it has ' +
          'the same rank (a 7 on a 7, whatever the suit; a King only on a King of the same colour). Each discard can be snapped once, and a ' +
          'snapped card cannot itself be snapped.',
        'A correct snap gets rid of the card, leaving that position empty. A wrong snap is shown to everyone, goes back ' +
          'where it was, and costs you a penalty card from the deck. A snap that arrives after the discard was covered, ' +
          'taken or already snapped is late: it costs the same penalty, but since it never landed, your card is not shown.',
        'A discard stays snappable until it is covered by the next discard or taken from the pile — however long that ' +
          'takes. The next player drawing a card does not close it; their discard does.',
        'Minimum snap window (24 hours unless the match was set up otherwise): players here look in hours apart, so a ' +
          'snap sent within a day of a card landing still counts even if someone has covered the card since. It then ' +
          'slides in just above the card it matched. Taking the card from the pile, or someone else snapping it first, ' +
          'still closes it. Without such a window, a player who looks in a few times a day loses many snaps to whoever ' +
          'happens to be online: in a simulation with one player always online and three looking in every 1 to 8 hours, ' +
          'the three used 58% of their chances with no window and 81% with the 24-hour one (the always-online player about ' +
          '90% either way; nobody reaches 100%, since each discard can be snapped only once). The match creator can ' +
          'shorten the window or set it to 0 for matches played live.',
        'When two snaps race for the same card, the one the server records first wins; the other is judged as a late snap.',
        'Penalty cards, and cards given by an Ace, go into your first empty position, or a new one. Bench rules: nobody ' +
          'sees a penalty card. Marmot rules: you see your own penalty card.',
        'Marmot rules: you may also snap a card of another player that you know matches. If it matches, it stays on the ' +
          'pile and its owner gets a fresh card from the deck, face down and unseen, in the same position — and a penalty ' +
          'card on top of that. If it does not match, it goes back to its owner for everyone to see, and you take the ' +
          'penalty card, as for any wrong snap. The owner sees their penalty card in their own view (with the memory aid ' +
          'on), not in a message of yours.',
      ],
    },
    {
      heading: 'Dutch and the end of a round',
      paragraphs: [
        'Call Dutch at the start of your turn, before drawing, when you believe your cards are worth the least. Every ' +
          'other player then has exactly one more turn, and the round ends when play comes back to you. You take no more ' +
          'turns, but you may still snap, and your cards can still be swapped by a Jack.',
        'Then all cards are turned over and counted. Bench rules: a caller who is not strictly the lowest adds one penalty ' +
          'card from the deck for every player who scored the same or less. Marmot rules: a caller who is lowest or tied ' +
          'for lowest draws a bonus card and takes its value off their score (a round score can go below zero); otherwise ' +
          'they draw one penalty card and add its value.',
        'No cards left — bench rules: when your turn comes and you have no cards, Dutch is called for you. Marmot rules: ' +
          'the moment anyone has no cards left, the round ends and is counted; a caller who empties their cards during the ' +
          'final turns still gets the bonus if lowest.',
        'If the deck runs out, the discard pile except its top card is shuffled to form a new deck. If even that leaves ' +
          'nothing to draw when a turn starts, the round ends there and is counted.',
        'After the last final turn (and any powers it set off) the round is counted straight away, so its very last ' +
          'discard can no longer be snapped. The next round is then dealt automatically.',
      ],
    },
    {
      heading: 'End of the game',
      paragraphs: [
        "Round scores add up. At the end of the round in which someone's total reaches 100 (or the end score chosen for " +
          'the match), the game is over and the lowest total wins.',
        'Equal lowest totals: under the bench rules the player with the lower score in the final round wins (still equal: ' +
          "shared win); under the Marmot rules the win is shared. The result shows every round's cards and scores.",
      ],
    },
    {
      heading: 'Memory aid (on by default)',
      paragraphs: [
        "The site always knows which cards each player has legitimately seen: their starting look, a Queen's peek, a card " +
          "they drew and kept, a card that came face up from the pile, a wrong snap everyone saw. Nobody, not even a card's " +
          'owner, is ever shown a face-down card they have not seen that way. When a Jack moves a card, whoever had seen it ' +
          'still knows it, in its new place — the whole table watched the swap.',
        'With the memory aid on, the faces of the cards you have seen stay visible to you (and only you) on your screen. ' +
          'With it off, a card you look at is shown to you once, in the answer to that move, and is face down again on ' +
          'your next visit; the page only marks which positions you have seen.',
        'The aid is on by default because a match here lasts days, not minutes: remembering a card from last Tuesday is ' +
          'not the skill the game is about, and nothing can stop a player from jotting cards down or taking a screenshot. ' +
          'With the aid on, everybody gets the same perfect notes and the game is decided by choices — what to swap, when ' +
          'to snap, when to call. Players who want the pure memory challenge can switch it off when creating the match.',
      ],
    },
    {
      heading: 'Deadlines',
      paragraphs: [
        "If a player's deadline passes, the site moves for them: at the start of a round it looks at their first two " +
          'cards; at the start of a turn it draws and discards the card, leaving their cards as they were; holding a drawn ' +
          'card, it discards it; with a power waiting, it skips the power. Nobody is ever forced to snap.',
      ],
    },
    {
      heading: 'Optional bench rules',
      paragraphs: [
        "Snapping other players' cards (off unless chosen; the Marmot rules have their own version, above): you may snap a matching card from someone else's cards. " +
          'If it matches, you may then hand that player one of your own cards, face down; it goes into their first empty position. A wrong or late ' +
          "snap of someone else's card costs double the penalty.",
        'Last Queen (off unless chosen): if the last player to take a final turn after a Dutch call puts a Queen on the pile ' +
          'during that turn, the final turns go round once more (the caller still sits out).',
      ],
    },
    {
      heading: 'Choices this site made where the printed rules are silent',
      paragraphs: [
        'Snaps match by rank, and Kings also by colour. Only one snap per discard under both rule sets.',
        'Every card a player puts onto the pile — discarded, replaced or snapped — triggers its power for that player; ' +
          "the dealer's first card does not. Powers are optional and resolved first-discarded-first.",
        'Dutch can be called on any turn, including your first, but only before drawing.',
        'A late snap costs the penalty without showing the card; a wrong snap shows it to everyone.',
        'Penalty cards and Ace gifts fill your first empty position, or start a new one.',
        'An empty deck is refilled from the pile below its top card; if there is still nothing to draw when a turn ' +
          'starts, the round ends and is counted.',
        'Marmot rules: any player running out of cards ends the round immediately, even during the final turns; if Dutch ' +
          "was called, the caller's bonus or penalty still applies.",
        'A snap aimed at a discard from a round that is already over is simply refused, without a penalty.',
        'Looking at cards out of turn cannot happen on this site, so the penalty for it is never needed.',
        "Marmot rules: a correct snap of another player's card costs its owner the replacement and the penalty card, and " +
          'the snapper nothing; a wrong or late one costs the snapper one penalty card (not double, as the bench option has ' +
          'it). Whoever snaps a special card gets its power.',
      ],
    },
  ],
};
