/** De Nederlandse woorden van het geheugenspel (beide spelregels): dezelfde sleutels als ./en.ts, in eigen woorden. Alleen data. */
import type { Key } from './en.js';

export const nl = {
  // ---- engine
  // Kaarten zoals hun hoek ze toont ("7♥", "V♠"): boer B, vrouw V, heer H, aas A, net als de kaarten op het bord.
  'game.dutch-memory.card.label': '{rank}{suit}',
  'game.dutch-memory.card.letter.A': 'A',
  'game.dutch-memory.card.letter.J': 'B',
  'game.dutch-memory.card.letter.Q': 'V',
  'game.dutch-memory.card.letter.K': 'H',
  'game.dutch-memory.card.then': '{card} {rest}',
  'game.dutch-memory.card.discard': 'aflegkaart',
  'game.dutch-memory.log.round-started': 'Ronde {round}: {dealer} deelt iedereen vier kaarten.',
  'game.dutch-memory.log.looked': '{seat} bekeek de eigen kaarten op plek {a} en plek {b}.',
  'game.dutch-memory.log.opening-discard': 'De eerste kaart op de aflegstapel is de {card}.',
  'game.dutch-memory.log.drew': '{seat} pakte een kaart van de stapel.',
  'game.dutch-memory.log.discarded': '{seat} legde de {card} af.',
  'game.dutch-memory.log.exchanged.pile':
    '{seat} nam de {took} van de aflegstapel en legde hem op plek {position}; de {card} die daar lag, ging op de aflegstapel.',
  'game.dutch-memory.log.exchanged.deck':
    '{seat} legde de gepakte kaart op plek {position}; de {card} die daar lag, ging op de aflegstapel.',
  'game.dutch-memory.log.called-dutch': '{seat} riep Dutch! Alle anderen krijgen nog één laatste beurt.',
  'game.dutch-memory.log.called-dutch.automatic':
    '{seat} heeft geen kaarten meer, dus wordt er voor {seat} Dutch geroepen. Alle anderen krijgen nog één laatste beurt.',
  'game.dutch-memory.log.power.peek': 'Met de {card} mag {seat} naar één gesloten kaart naar keuze kijken.',
  'game.dutch-memory.log.power.swap': 'Met de {card} mag {seat} twee gesloten kaarten verwisselen.',
  'game.dutch-memory.log.power.give': 'Met de {card} mag {seat} een andere speler een kaart van de stapel geven.',
  'game.dutch-memory.log.peeked': '{seat} bekeek {own, select, self {de eigen kaart} other {de kaart van {owner}}} op plek {position}.',
  'game.dutch-memory.log.swapped':
    '{seat} verwisselde {aown, select, self {de eigen kaart} other {de kaart van {aowner}}} op plek {a} met {bown, select, self {de eigen kaart} other {de kaart van {bowner}}} op plek {b}.',
  'game.dutch-memory.log.gave': '{seat} gaf {to} een ongeziene kaart van de stapel (plek {position}).',
  'game.dutch-memory.log.gave-back': '{seat} gaf {to} de kaart van plek {from} (die nu op plek {position} van {to} ligt).',
  'game.dutch-memory.log.skipped.peek': '{seat} koos ervoor om niet naar een gesloten kaart te kijken.',
  'game.dutch-memory.log.skipped.swap': '{seat} koos ervoor om geen kaarten te verwisselen.',
  'game.dutch-memory.log.skipped.give': '{seat} koos ervoor om niemand een kaart van de stapel te geven.',
  'game.dutch-memory.log.skipped.give-back': '{seat} hield alle eigen kaarten.',
  'game.dutch-memory.log.snapped':
    'Meegelegd! {seat} legde {own, select, self {de eigen {card} van plek {position}} other {de {card} van {owner} (plek {position})}} op de {on}.',
  'game.dutch-memory.log.snap-failed.wrong':
    '{seat} probeerde {own, select, self {de eigen kaart} other {de kaart van {owner}}} op plek {position} mee te leggen, maar de {card} past niet bij de {on}. Hij gaat terug en {seat} krijgt straf.',
  'game.dutch-memory.log.snap-failed.late': '{seat} legde te laat mee: de {on} was al bedekt, gepakt of meegelegd. {seat} krijgt straf.',
  'game.dutch-memory.log.snap-failed.late.taken':
    '{seat} legde te laat mee: die aflegkaart was al bedekt, gepakt of meegelegd. {seat} krijgt straf.',
  'game.dutch-memory.log.penalty': '{seat} krijgt een gesloten strafkaart op plek {position}.',
  'game.dutch-memory.log.penalty.none': 'Er is geen kaart meer over voor de straf van {seat}.',
  'game.dutch-memory.log.replaced':
    '{seat} krijgt een nieuwe gesloten kaart van de stapel op plek {position}, in plaats van de meegelegde.',
  'game.dutch-memory.log.reshuffled':
    'De stapel is op: de aflegstapel onder de bovenste kaart is geschud tot een nieuwe stapel van {cards, plural, one {# kaart} other {# kaarten}}.',
  'game.dutch-memory.log.round-ended':
    'Ronde {round} is voorbij {reason, select, dutch {na de laatste beurten} emptied {omdat een speler geen kaarten meer heeft} other {omdat er geen kaart meer te pakken is}}.{emptied, select, yes { {emptier} is alle kaarten kwijt.} other {}}{call, select, lowest { {caller} riep Dutch en had het laagst.} bonus { {caller} riep Dutch en had het laagst: de bonuskaart {cards} haalt er {delta, plural, one {# punt} other {# punten}} af.} higher { {caller} riep Dutch maar had niet het laagst.} penalty { {caller} riep Dutch maar had niet het laagst: de straf {cards} telt er {delta, plural, one {# punt} other {# punten}} bij.} other {}} Punten: {scores}.',
  'game.dutch-memory.log.round-ended.score': '{seat} {score} (totaal {total})',
  'game.dutch-memory.log.round-ended.more': '{score}, {rest}',
  'game.dutch-memory.log.game-ended': 'Het spel is uit: {winner} wint.',
  'game.dutch-memory.log.game-ended.shared': 'Het spel is uit: {winners} winnen samen.',
  'game.dutch-memory.error.game-over': 'Het spel is al afgelopen.',
  'game.dutch-memory.error.no-such-seat': 'Die plaats is er niet aan deze tafel.',
  'game.dutch-memory.error.empty-position': 'Die speler heeft geen kaart op plek {position}.',
  'game.dutch-memory.error.empty-position.yours': 'Je hebt geen kaart op plek {position}.',
  'game.dutch-memory.error.not-looking-time': 'Het kijken aan het begin is voorbij; de ronde is al bezig.',
  'game.dutch-memory.error.already-looked': 'Je hebt deze ronde al naar twee van je kaarten gekeken.',
  'game.dutch-memory.error.same-position': 'Kies twee verschillende kaarten.',
  'game.dutch-memory.error.not-started': 'Eerst moet iedereen naar de eigen beginkaarten kijken.',
  'game.dutch-memory.error.not-started.snap': 'Er valt nog niets mee te leggen: de ronde is nog niet begonnen.',
  'game.dutch-memory.error.power-pending': 'Een andere speler moet eerst een kracht gebruiken of overslaan.',
  'game.dutch-memory.error.power-pending.yours': 'Gebruik eerst de kracht die op je wacht, of sla hem over.',
  'game.dutch-memory.error.not-your-turn': 'Je bent niet aan de beurt.',
  'game.dutch-memory.error.already-drawn': 'Je hebt deze beurt al een kaart gepakt.',
  'game.dutch-memory.error.deck-empty': 'Er is geen kaart meer om te pakken.',
  'game.dutch-memory.error.deck-empty.give': 'Er is geen kaart meer om te geven; sla de kracht over.',
  'game.dutch-memory.error.nothing-drawn': 'Pak eerst een kaart.',
  'game.dutch-memory.error.no-discard-draws': 'Met deze regels mag je niet van de aflegstapel nemen.',
  'game.dutch-memory.error.pile-empty': 'De aflegstapel is leeg.',
  'game.dutch-memory.error.too-late-to-call': 'Dutch roep je alleen aan het begin van je beurt, voordat je een kaart pakt.',
  'game.dutch-memory.error.dutch-already-called': 'Er is deze ronde al Dutch geroepen.',
  'game.dutch-memory.error.no-power': 'Er is nu geen kracht te gebruiken.',
  'game.dutch-memory.error.no-power.yours': 'Je hebt nu geen kracht te gebruiken.',
  'game.dutch-memory.error.not-your-power': 'Een andere speler mag eerst een kracht gebruiken.',
  'game.dutch-memory.error.wrong-power.peek': 'Eerst is de kracht van de {card} aan de beurt: naar één kaart kijken.',
  'game.dutch-memory.error.wrong-power.swap': 'Eerst is de kracht van de {card} aan de beurt: twee kaarten verwisselen.',
  'game.dutch-memory.error.wrong-power.give': 'Eerst is de kracht van de {card} aan de beurt: een kaart van de stapel weggeven.',
  'game.dutch-memory.error.wrong-power.give-back':
    'Eerst moet je kiezen: een van je kaarten geven aan de speler van wie je een kaart meelegde, of ze allemaal houden.',
  'game.dutch-memory.error.wrong-power.nothing-to-give-back': 'Er is niets terug te geven.',
  'game.dutch-memory.error.same-bench': 'Met deze regels verwisselt een boer kaarten tussen twee verschillende spelers.',
  'game.dutch-memory.error.give-to-self': 'Met de aas geef je een kaart aan een andere speler.',
  'game.dutch-memory.error.not-your-card': 'Je mag alleen je eigen kaarten meeleggen.',
  'game.dutch-memory.error.nothing-to-snap': 'Er is deze ronde nog niets afgelegd.',
  'game.dutch-memory.error.round-over': 'Die aflegkaart hoort bij een ronde die al voorbij is.',
  'game.dutch-memory.error.unknown-discard': 'Die aflegkaart bestaat niet.',
  'game.dutch-memory.outcome.win': '{winner} wint met {points, plural, one {{points} punt} other {{points} punten}}.',
  'game.dutch-memory.outcome.win-on-last-round':
    '{winner} wint met {points, plural, one {{points} punt} other {{points} punten}}, dankzij de lagere score in de laatste ronde.',
  'game.dutch-memory.outcome.shared': '{winners} winnen samen met {points, plural, one {{points} punt} other {{points} punten}}.',
} as const satisfies Record<Key, string>;
