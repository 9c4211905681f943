/**
 * Rules help for players, in the project's own words, including every choice this
 * implementation made where the printed rules say nothing.
 */
import type { RulesHelp } from '../help.js';

export const rulesHelp: RulesHelp = {
  title: 'The Dutch Golden Age',
  intro:
    'Three or four merchant families compete in the seventeenth-century Low Countries. You earn money when the Steward stops near your people, spread influence over provinces and guilds, collect paintings, windmills and governorships, and found colonies overseas. The first family to show 33 points at the end of a turn wins.',
  sections: [
    {
      heading: 'Money',
      paragraphs: [
        'Coins come in halves, so every amount on this site is counted in half-guilders behind the scenes and shown as guilders with a ½ where needed.',
        'Nobody can pay money they do not have, and the bank never goes below zero. The bank starts with 300 guilders in all (including everyone’s starting money). If it ever cannot pay everything the Steward owes, it pays the acting player first and then the others clockwise, as far as it can. Cashing in cards waits until the bank can pay the full amount.',
      ],
    },
    {
      heading: 'Setting up',
      paragraphs: [
        'Everyone starts with 10 guilders, 5 movement tokens and 6 influence markers. The first seat is the starting player.',
        'In seat order, each player puts one influence marker in a province that has none. Then, again in seat order, each player places two movement tokens, one at a time: never in a province with an influence marker, and never more than two tokens (of anyone) in one province. That limit applies only now. Finally the last player picks one of the six merchant boxes as the Steward’s starting point.',
      ],
    },
    {
      heading: 'Your turn',
      paragraphs: [
        'Start by pressing Roll: the server rolls two dice and logs the result. If you hold a dice card you may play it instead and choose any move from 2 to 12; the card is then discarded face up.',
        'The Steward walks that many boxes clockwise along the track and everyone is paid: on a box showing two provinces, 1 guilder for each of your tokens and 2 for your influence marker in either province; on a merchant box, 1 guilder each; on the Willem III box, 3 guilders each. A governor card adds 1 guilder for its holder whenever the Steward stops on a box showing its province; here the merchant box portraying that governor counts as showing the province.',
        'Then take actions in any order, as many as you like and can pay for, and press End turn. Scores are announced and your flipped markers turn back face up.',
      ],
    },
    {
      heading: 'Free actions',
      paragraphs: [
        'Move a token into a neighbouring province for ½ guilder per step. Any number of tokens may share a province.',
        'Take over a guild: pay the lowest empty price in its column (3 guilders for an empty column, then 4, 5 … up to 10) and put your marker there; the previous holder gets their marker back. You cannot take over a guild you already hold, and a column whose eight boxes are used cannot change hands any more.',
        'Turn three of your tokens in one province into an influence marker, if the province has no marker yet. The tokens go back to your reserve.',
        'Sail to the colonies: with a ship, a captain and a cannon (a VOC joker replaces any one of them) you discard the three cards and put a marker in a free East Indies box (2 to 6, one marker each) or the West Indies (box 7, room for everybody). Sailing is your choice, made during your own turn; the site uses a joker only for a missing part, so you keep your jokers whenever possible.',
        'Cash in investment and spice sets with the bank whenever you like, even while someone else is playing or an auction is running: one tulip girl for 5 guilders, a pair of two-girls cards for 12, three shipping companies for 20; one single spice for 7, a pair of spice pairs for 16, three spice triples for 27. The cards are discarded face up and the money is yours at once.',
        'New markers come from your reserve. Only when your reserve is empty may you move one of your markers from the board instead (for a guild, a province or a colony), and it must come from a different spot: a marker already in the West Indies cannot be the one that sails there. A flipped marker cannot move, nor can a marker that was placed or moved this turn; a moved marker may still be used this turn. A guild whose holder leaves is empty again and costs 3.',
      ],
    },
    {
      heading: 'Special actions',
      paragraphs: [
        'Each of your face-up markers gives one special action per turn; using it flips the marker. Province and guild markers act in their colour: green buys a movement token for 5 guilders and places it in any province; yellow buys an investment card, blue a colony card and grey a culture card, each for 3 guilders; brown buys an arts card for 3 guilders or pays 1 guilder to one of your painters.',
        'A colony marker buys a spice card for as many guilders as its box number (the West Indies cost 7).',
        'Paintings lie face up in front of you. Each needs a number of 1-guilder payments (its points minus two) and scores its points once the last payment is made. Windmills (2 points) and governors (1 point) are laid face up at once. Dice cards and the culture deck’s investment and colony duplicates go into your hand and work like the ordinary cards.',
        'When a deck runs out, its discard pile is shuffled into a new deck; if both are empty, nobody can buy that kind of card.',
      ],
    },
    {
      heading: 'Auctions',
      paragraphs: [
        'Instead of using a province marker yourself, you may auction its action. Guild and colony markers can never be auctioned.',
        'Bidding starts with the player on your left and goes clockwise; you do not bid yourself. The first bid is at least ½ guilder and each raise at least ½ guilder more. Passing is final for that auction. When everyone else has passed, the last bidder pays you the bid and performs the action at once without paying the bank: a free card, or for green a free token in any province (which may immediately join two of their tokens there to become a marker from their reserve), or for brown either a free arts card or one painter payment, whose guilder the bank puts on the painting.',
        'You may bid more than the money you hold, up to what your investment and spice sets would add: when such a bid is made, the site cashes in just the sets needed to cover it (the smallest sum that is enough), so the winner can always pay. Anyone may also cash in sets at any moment of an auction.',
        'On the site each bid or pass is a move of the player whose turn it is to bid. A player who cannot use the action (e.g. no token left for a green action), or who lacks the money for the next bid and holds no card that might be cashed in, passes automatically; whether someone is skipped depends only on what everyone can see. The choice list shows the minimum bid, a few larger steps and all-in, but any amount in between is accepted.',
        'When the only possible use of a brown prize is a painter payment (no arts card left), that guilder must come from the bank: such an auction needs 1 guilder in the bank, and while it runs nobody may cash in cards if that would leave the bank without it.',
        'If nobody bids, your marker stays face up and you may still use it yourself, but it cannot be auctioned again this turn. An auction cannot start if no other player could bid.',
      ],
    },
    {
      heading: 'Points and winning',
      paragraphs: [
        'Points: 1 per token on the board, 4 per marker in a province, 5 per marker in the East Indies, 6 per marker in the West Indies, none for guild markers; finished paintings their value, windmills 2, governors 1, and 1 point per full 10 guilders you hold (money on paintings does not count).',
        'At the end of every turn all scores are announced, starting with the acting player. If anyone has 33 or more, the game ends: the highest score wins, and on a tie the player announced first (the acting player, then clockwise).',
      ],
    },
    {
      heading: 'Deadlines',
      paragraphs: [
        'When a deadline passes, the site plays for you: during set-up it takes the first free spot, at the start of a turn it rolls the dice, during your actions it ends your turn, in an auction it passes, and after winning an auction it takes the first possible use of the prize (a card if one is left, otherwise the first painting or province).',
      ],
    },
  ],
};
