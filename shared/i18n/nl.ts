/**
 * De Nederlandse catalogus: dezelfde sleutels als en.ts (een ontbrekende of extra sleutel faalt bij
 * de typecheck), in eigen woorden geschreven zoals een Nederlandse site het zou zeggen. Alleen data.
 */
import type { MessageKey } from './en.js';

export const nl = {
  'site.name': 'Dutch',
  'site.nav.label': 'Site',
  'site.nav.myMatches': 'Mijn partijen',
  'site.signIn': 'Inloggen',
  'site.signOut': 'Uitloggen',
  'site.account.title': 'Je account',
  'site.next.button': 'Volgende partij die op mij wacht',
  'site.next.game': '({game})',
  'site.next.none': 'Geen partij wacht op jouw zet',
  'site.next.here': 'Deze partij wacht al het langst op je',
  'site.lang.label': 'Taal',
  'site.cancel': 'Annuleren',
  'site.title.yourMove': '● Jij bent aan zet · {title}',
  'site.loading': 'Laden…',
  'site.unreachable': 'De server is niet bereikbaar.',
  'site.notFound.title': 'Pagina niet gevonden',
  'site.notFound.text': 'Op dit adres staat niets.',
  'site.notFound.link': 'Naar de startpagina.',
  'site.pageFailed': 'Deze pagina kon niet worden geladen. Laad opnieuw om het nog eens te proberen.',

  'home.intro':
    'Kaartspellen die Dutch heten, gespeeld in beurten over uren of dagen. Begin een partij, stuur de link door en kom terug zodra je aan zet bent.',
  'home.listFailed': 'Je partijen konden niet worden opgehaald: {reason}',
  'home.mine.title': 'Mijn partijen',
  'home.mine.match': 'Partij',
  'home.mine.with': 'met {names}',
  'home.mine.openSeat': 'een vrije plaats',
  'home.mine.since': 'sinds {when}',
  'home.mine.waitingSince': 'wacht sinds {when}',
  'home.mine.empty': 'Je hebt nog geen partijen. Begin er hieronder een, of open een plaatslink terwijl je bent ingelogd.',
  'home.mine.waiting':
    '{count, plural, =0 {Niets wacht op jouw zet} one {# partij wacht op jouw zet} other {# partijen wachten op jouw zet}}',
  'home.status.over': 'Afgelopen',
  'home.status.open': 'Wacht op spelers',
  'home.status.yourMove': 'Jij bent aan zet',
  'home.status.theirMove': 'Wacht op de anderen',
  'home.status.unopened': 'Nog niet geopend',
  'home.outcome.won': 'Je hebt gewonnen',
  'home.outcome.lost': 'Je hebt verloren',
  'home.outcome.shared': 'Je deelt de winst',
  'home.outcome.nobody': 'Niemand heeft gewonnen',
  'home.outcome.line': '{outcome}: {summary}',
  'home.forget.label': 'Vergeten',
  'home.forget.question': 'Deze partij uit deze browser verwijderen? De link is dan hier niet meer te vinden.',
  'home.forget.confirm': 'Verwijderen',

  'error.invalid.request': 'Het verzoek is niet geldig.',
  'error.invalid.query': 'Het zoekdeel van het adres is niet geldig.',
  'error.invalid.link': 'De link is niet geldig.',

  'game.dutch-auction.name': 'Dutch (veiling-deckbuilder)',
  'game.dutch-memory.name': 'Dutch (geheugenspel met kaarten)',
  'game.golden-age.name': 'De Gouden Eeuw',
} satisfies Record<MessageKey, string>;
