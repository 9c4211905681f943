/**
 * Rules help shown to players, written for this site. It also records the choices this
 * implementation made where the printed rules leave a question open.
 */
import type { RulesHelp } from '../help.js';

export const rulesHelp: RulesHelp = {
  title: 'Dutch (the auction deck-builder by Richard Hoile)',
  intro:
    'Two players build decks by buying from an auction row whose prices fall the longer a card waits. ' +
    "The cards you need to win bids, protect your cards or grab your rival's are rarely the ones worth " +
    'the most points at the end, so every round is a trade-off. Two editions are offered: the current one ' +
    '(the default) and the 2018 prototype.',
  sections: [
    {
      heading: 'The cards',
      paragraphs: [
        'There are 40 cards: ten in each of green, red, pink and blue. Every suit has the same make-up.',
        'Current edition: the 1-bid to 8-bid cards bid their number and are worth 8 down to 1 victory point (VP); ' +
          'the two power cards of each suit bid nothing, are worth nothing, and can each do one trick per round.',
        '2018 edition: cards 1 to 10 bid their number. They are worth 11, 7, 4, 2, 1, -1, -2, -4, -7 and -11 VP, ' +
          'so the strong bidders cost you points. Cards 6 to 10 also carry a power: 6 cashes in, 7 duplicates, ' +
          '8 takes from the auction discards, 9 from your own discards, 10 from either.',
      ],
    },
    {
      heading: 'Getting started',
      paragraphs: [
        'The cards are shuffled. Each player gets a personal deck (9 cards in the current edition, 8 in 2018) and ' +
          'draws five of them as a hand. The rest form the face-down auction deck, and six of its cards are laid ' +
          'face up in a row: the display. The card in position 1 costs one card, position 2 costs two, and so on up to six.',
      ],
    },
    {
      heading: 'Sealing your choice (phases 1 and 2)',
      paragraphs: [
        'Both players choose at the same time, in one sealed move: one card of the hand to put face down on top ' +
          "of their own personal deck, and a bid. Neither player learns anything about the other's choice until " +
          'both have sealed; then the bids are turned over together.',
        'Current edition: the bid is simply the four other cards; power cards add nothing to its total.',
        '2018 edition: bid any of the four other cards, from none to all four. Cards you do not bid stay in your ' +
          'hand, unseen by your rival, so that a power card among them can be played for its power in phase 3.',
        'The higher total wins the bid and acts first in phase 3. Only bid values matter here, never suits.',
      ],
    },
    {
      heading: 'Tied bids',
      paragraphs: [
        'On a tie, each player moves the top card of their personal deck into their bid (the card just set aside ' +
          'is the first to go), and the totals are compared again, as often as needed.',
        "This site's choice where the rules are silent: if a player's personal deck is empty when a card must be " +
          'added, that player first shuffles their personal discards into a new deck, just as when drawing a hand. ' +
          'A player with no deck and no discards adds nothing that step while the other still adds. If neither ' +
          "player has any card left to add and the totals are still equal, a fair coin toss (from the match's " +
          'recorded randomness) decides who wins the bid.',
        'In the 2018 edition, cards added to break a tie count only for their bid value, like the rest of the bid.',
      ],
    },
    {
      heading: 'Phase 3: powers and purchases',
      paragraphs: [
        'The bid winner goes first and takes any number of actions in any order, then presses "done"; then the ' +
          'loser does the same. Powers may be used before, between and after purchases.',
        'Buying: pick a display card and hand over as many cards of your bid as its position number. A paying card ' +
          'of the same suit as the card bought goes to your own discards; any other paying card goes to the auction ' +
          'discards. The bought card always goes to your own discards, never into your bid. Buy as often as you can pay.',
        'The loser of the bid may not finish while the card in position 1 is still there and they can pay for it ' +
          '(they still have a card in their bid or, in the 2018 edition, a power card in hand they could play). ' +
          'Until that card is bought, the loser may not make another purchase that would use up the last cards ' +
          'able to pay for it. The winner has no such duty. Taking that card with a power also clears the duty.',
        'When you press "done", whatever is left in your bid (and, in 2018, any card kept back in hand and not ' +
          'played) goes to your personal discards.',
      ],
    },
    {
      heading: 'Powers, current edition',
      paragraphs: [
        'Each power card in your bid may be used once per round, for one of these, always acting on a card of the ' +
          "power card's own suit: cash in another card of your bid (it leaves play but still scores at the end); " +
          'change the suit of another card of your bid until it leaves the bid; take a card from the auction ' +
          'discards, your own discards or the display into your bid; or, for the bid winner only, steal a card ' +
          "from the loser's bid into yours.",
        'A power card that comes into your bid by a take or a steal can then be used too, even if it was used ' +
          'before. A card whose suit was changed counts as its new suit for everything this round, including which ' +
          'cards a power card of that suit may act on and where it goes when you pay with it.',
        'Used power cards stay in the bid and can still pay for purchases.',
      ],
    },
    {
      heading: 'Powers, 2018 edition',
      paragraphs: [
        'A 6 to 10 kept back in hand can be played into your offering (your bid plus the cards played for power); ' +
          'it then has one use of its power, which you may spend at once or later in your turn. A card that was bid ' +
          'counts only for its value: its power cannot be used that round.',
        '6 cashes in another card of its suit from your offering. 7 gives another power card of its suit in your ' +
          'offering one more use (a used one can act again; an unused one can act twice). 8 takes a card of its suit ' +
          'from the auction discards into your offering, 9 from your own discards, 10 from either. A power card taken ' +
          'this way gets a use of its own power.',
      ],
    },
    {
      heading: 'Restocking and the next hand (phases 4 and 5)',
      paragraphs: [
        'After both players are done, the remaining display cards slide toward position 1 with no gaps, and the ' +
          'empty positions are filled from the auction deck.',
        'Each player then draws five cards from their personal deck, starting with the card set aside. If fewer than ' +
          'five are left, the personal discards are shuffled and placed beneath them first (the 2018 text does not say ' +
          'how to refill a deck, so both editions do it this way). A player who owns fewer than five cards in deck and ' +
          'discards draws what there is.',
      ],
    },
    {
      heading: 'End and scoring',
      paragraphs: [
        "The game ends when, at the end of a round's phase 3, the auction deck is empty and either the display is " +
          'empty or nobody bought anything that round.',
        'Everyone adds up the VP of all their cards, wherever they lie, cashed-in cards included. Current edition: ' +
          'for each suit you own, add a bonus equal to the VP of your lowest-scoring card of that suit. 2018 edition: ' +
          'add 10 VP for each suit of which you own six or more cards.',
        'Most VP wins. On equal VP the player with fewer cards wins; if that is equal too, both share the win.',
      ],
    },
    {
      heading: 'What you can see',
      paragraphs: [
        'Everyone sees the display, the auction discards, the size of the auction deck, both bids once revealed and ' +
          'all cashed-in cards. You see your own hand, your own discards and which cards are in your personal deck ' +
          "(listed in a fixed order, since nobody knows how the deck is stacked), but of your rival's hand, deck and " +
          'discards only their sizes. Looking at your own deck here never disturbs it: the card you set aside stays on top.',
      ],
    },
    {
      heading: 'Other choices this site made',
      paragraphs: [
        'In 2018 a power card kept in hand is first "played" into the offering and then used as a separate step. A ' +
          'change of suit must name a different suit. A duplicate may only target a power card that is in play in ' +
          'your offering, not one you bid.',
        'A player whose hand is empty (possible after heavy cashing in) seals an empty choice and bids nothing.',
        'If a deadline passes, the site acts for you: it sets aside the first card of your hand and bids the rest, ' +
          'and in phase 3 it finishes your turn, first buying the position-1 card if you are obliged to.',
      ],
    },
  ],
};
