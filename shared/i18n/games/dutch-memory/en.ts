/**
 * The English words of the memory card game (both rule sets): its board, log lines (`game.dutch-memory.log.*`), rule errors
 * (`game.dutch-memory.error.*`) and results (`game.dutch-memory.outcome.*`). A catalog of its own, loaded with the
 * game's board (web/src/i18n.ts `loadGameWords`); the server has every game's. Same rules as ../../en.ts. Data only.
 */
export const en = {
  // ---- engine
  // Cards as printed on their faces: "{rank}{suit}" ("7♥", "Q♠"); the letters of the court cards and the ace.
  'game.dutch-memory.card.label': '{rank}{suit}',
  'game.dutch-memory.card.letter.A': 'A',
  'game.dutch-memory.card.letter.J': 'J',
  'game.dutch-memory.card.letter.Q': 'Q',
  'game.dutch-memory.card.letter.K': 'K',
  'game.dutch-memory.card.then': '{card} {rest}',
  'game.dutch-memory.card.discard': 'discard',
  // Log lines: {seat} the player acting; {own} is self (their own card) or other ({owner}'s).
  'game.dutch-memory.log.round-started': 'Round {round}: {dealer} deals four cards to everyone.',
  'game.dutch-memory.log.looked': '{seat} looked at their cards in position {a} and position {b}.',
  'game.dutch-memory.log.opening-discard': 'The first discard is the {card}.',
  'game.dutch-memory.log.drew': '{seat} drew a card from the deck.',
  'game.dutch-memory.log.discarded': '{seat} discarded the {card}.',
  'game.dutch-memory.log.exchanged.pile':
    '{seat} took the {took} from the pile into position {position} and threw out the {card} that was there.',
  'game.dutch-memory.log.exchanged.deck': '{seat} put the drawn card in position {position} and threw out the {card} that was there.',
  'game.dutch-memory.log.called-dutch': '{seat} called Dutch! Everyone else gets one last turn.',
  'game.dutch-memory.log.called-dutch.automatic':
    '{seat} has no cards left, so Dutch is called for them. Everyone else gets one last turn.',
  'game.dutch-memory.log.power.peek': 'The {card} lets {seat} look at any one face-down card.',
  'game.dutch-memory.log.power.swap': 'The {card} lets {seat} swap two face-down cards.',
  'game.dutch-memory.log.power.give': 'The {card} lets {seat} give another player a card from the deck.',
  'game.dutch-memory.log.peeked': "{seat} looked at {own, select, self {their own} other {{owner}'s}} card in position {position}.",
  'game.dutch-memory.log.swapped':
    "{seat} swapped {aown, select, self {their own} other {{aowner}'s}} card in position {a} with {bown, select, self {their own} other {{bowner}'s}} card in position {b}.",
  'game.dutch-memory.log.gave': '{seat} gave {to} an unseen card from the deck (position {position}).',
  'game.dutch-memory.log.gave-back': "{seat} handed {to} their card from position {from} (now {to}'s position {position}).",
  'game.dutch-memory.log.skipped.peek': '{seat} chose not to look at any one face-down card.',
  'game.dutch-memory.log.skipped.swap': '{seat} chose not to swap two face-down cards.',
  'game.dutch-memory.log.skipped.give': '{seat} chose not to give another player a card from the deck.',
  'game.dutch-memory.log.skipped.give-back': '{seat} kept all their cards.',
  'game.dutch-memory.log.snapped':
    "Snap! {seat} laid {own, select, self {their own} other {{owner}'s}} {card} from position {position} on the {on}.",
  'game.dutch-memory.log.snap-failed.wrong':
    "{seat} tried to snap {own, select, self {their own} other {{owner}'s}} card in position {position}, but the {card} does not match the {on}. It goes back, and {seat} pays a penalty.",
  'game.dutch-memory.log.snap-failed.late':
    '{seat} snapped too late: the {on} was already covered, taken or snapped. {seat} pays a penalty.',
  'game.dutch-memory.log.snap-failed.late.taken':
    '{seat} snapped too late: that discard was already covered, taken or snapped. {seat} pays a penalty.',
  'game.dutch-memory.log.penalty': '{seat} takes a penalty card, face down, in position {position}.',
  'game.dutch-memory.log.penalty.none': "No card is left for {seat}'s penalty.",
  'game.dutch-memory.log.replaced': '{seat} takes a new card from the deck, face down, in position {position} to replace the snapped one.',
  'game.dutch-memory.log.reshuffled':
    'The deck ran out: the discard pile below its top card was shuffled into a new deck of {cards, plural, other {#}}.',
  // {reason}: how the round ended; {emptied} yes: {emptier} has no cards left; {call}: how the Dutch caller fared
  // (bonus/penalty: with the {cards} drawn and the points {delta} they take off or add); {scores}: the score lines.
  'game.dutch-memory.log.round-ended':
    'Round {round} is over {reason, select, dutch {after the final turns} emptied {because a player has no cards left} other {because no card is left to draw}}.{emptied, select, yes { {emptier} got rid of every card.} other {}}{call, select, lowest { {caller} called Dutch and was lowest.} bonus { {caller} called Dutch and was lowest: bonus card {cards} takes off {delta, plural, other {#}}.} higher { {caller} called Dutch but was not lowest.} penalty { {caller} called Dutch but was not lowest: penalty {cards} adds {delta, plural, other {#}}.} other {}} Scores: {scores}.',
  'game.dutch-memory.log.round-ended.score': '{seat} {score} (total {total})',
  'game.dutch-memory.log.round-ended.more': '{score}, {rest}',
  'game.dutch-memory.log.game-ended': 'The game is over: {winner} wins.',
  'game.dutch-memory.log.game-ended.shared': 'The game is over: {winners} share the win.',
  // Refusals (`error.<code>`, `.<code>.<reason>` where a code has several).
  'game.dutch-memory.error.game-over': 'The game is over.',
  'game.dutch-memory.error.no-such-seat': 'There is no such seat at this table.',
  'game.dutch-memory.error.empty-position': 'That player has no card at position {position}.',
  'game.dutch-memory.error.empty-position.yours': 'You have no card at position {position}.',
  'game.dutch-memory.error.not-looking-time': 'The starting look is over; the round is under way.',
  'game.dutch-memory.error.already-looked': 'You have already looked at two of your cards this round.',
  'game.dutch-memory.error.same-position': 'Choose two different cards.',
  'game.dutch-memory.error.not-started': 'Everyone must look at their starting cards first.',
  'game.dutch-memory.error.not-started.snap': 'There is nothing to snap before the round is under way.',
  'game.dutch-memory.error.power-pending': 'Another player must first use or skip a power.',
  'game.dutch-memory.error.power-pending.yours': 'First use or skip the power waiting for you.',
  'game.dutch-memory.error.not-your-turn': 'It is not your turn.',
  'game.dutch-memory.error.already-drawn': 'You have already drawn this turn.',
  'game.dutch-memory.error.deck-empty': 'There is no card left to draw.',
  'game.dutch-memory.error.deck-empty.give': 'There is no card left to give; skip the power.',
  'game.dutch-memory.error.nothing-drawn': 'Draw a card first.',
  'game.dutch-memory.error.no-discard-draws': 'These rules do not allow taking from the discard pile.',
  'game.dutch-memory.error.pile-empty': 'The discard pile is empty.',
  'game.dutch-memory.error.too-late-to-call': 'Dutch can only be called at the start of your turn, before drawing.',
  'game.dutch-memory.error.dutch-already-called': 'Dutch has already been called this round.',
  'game.dutch-memory.error.no-power': 'There is no power to use right now.',
  'game.dutch-memory.error.no-power.yours': 'You have no power to use right now.',
  'game.dutch-memory.error.not-your-power': 'Another player has a power to use first.',
  'game.dutch-memory.error.wrong-power.peek': "The power waiting for you is the {card}'s look at one card.",
  'game.dutch-memory.error.wrong-power.swap': "The power waiting for you is the {card}'s swap of two cards.",
  'game.dutch-memory.error.wrong-power.give': "The power waiting for you is the {card}'s gift of a card from the deck.",
  'game.dutch-memory.error.wrong-power.give-back':
    'The power waiting for you is handing one of your cards to the player whose card you snapped (or keeping them all).',
  'game.dutch-memory.error.wrong-power.nothing-to-give-back': 'Nothing to give back.',
  'game.dutch-memory.error.same-bench': 'Under these rules a Jack swaps cards between two different players.',
  'game.dutch-memory.error.give-to-self': 'The Ace gives a card to another player.',
  'game.dutch-memory.error.not-your-card': 'You may only snap your own cards.',
  'game.dutch-memory.error.nothing-to-snap': 'Nothing has been discarded yet this round.',
  'game.dutch-memory.error.round-over': 'That discard belongs to a round that is over.',
  'game.dutch-memory.error.unknown-discard': 'There is no such discard.',
  // Results: {points} the winning total.
  'game.dutch-memory.outcome.win': '{winner} wins with {points, plural, other {{points} points}}.',
  'game.dutch-memory.outcome.win-on-last-round':
    '{winner} wins with {points, plural, other {{points} points}}, having scored less in the final round.',
  'game.dutch-memory.outcome.shared': '{winners} share the win with {points, plural, other {{points} points}}.',
} as const satisfies Record<`game.dutch-memory.${string}`, string>;

export type Key = keyof typeof en;
