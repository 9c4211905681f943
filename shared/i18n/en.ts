/**
 * The English catalog: every text the site shows, as ICU MessageFormat, under namespaced keys
 * (`site.*` the bar and shared words, `home.*` the home page, `error.*` the API's refusals; later
 * `game.<id>.*`, `mail.*`, `push.*`). Its keys are the type `MessageKey`: every other catalog must
 * have exactly these (nl.ts `satisfies Record<MessageKey, string>`; tests/i18n/catalogs.test.ts also
 * checks ICU syntax and that each message uses the same placeholders as here). Data only.
 *
 * Placeholders are named (`{name}`, `{count, plural, …}`); the web compiles these messages at build
 * time (web/build.ts) and the server once at start (functions/i18n.ts).
 */
export const en = {
  // The bar on top of every page.
  'site.name': 'Dutch',
  'site.nav.label': 'Site',
  'site.nav.myMatches': 'My matches',
  'site.signIn': 'Sign in',
  'site.signOut': 'Sign out',
  'site.account.title': 'Your account',
  'site.next.button': 'Next match waiting for me',
  'site.next.game': '({game})',
  'site.next.none': 'No match waits for your move',
  'site.next.here': 'This match has waited longest for you',
  'site.lang.label': 'Language',
  'site.cancel': 'Cancel',
  'site.title.yourMove': '● Your move · {title}',
  'site.loading': 'Loading…',
  'site.unreachable': 'The server could not be reached.',
  'site.notFound.title': 'Page not found',
  'site.notFound.text': 'There is nothing at this address.',
  'site.notFound.link': 'Go to the start page.',
  'site.pageFailed': 'This page could not be loaded. Reload to try again.',

  // The home page.
  'home.intro':
    'Card games called Dutch, played in turns over hours or days. Start a match, send the link, and come back when it is your move.',
  'home.listFailed': 'Your matches could not be listed: {reason}',
  'home.mine.title': 'My matches',
  'home.mine.match': 'Match',
  'home.mine.with': 'with {names}',
  'home.mine.openSeat': 'an open seat',
  'home.mine.since': 'since {when}',
  'home.mine.waitingSince': 'waiting since {when}',
  'home.mine.empty': 'No matches in your record yet. Start one below, or open a seat link while signed in.',
  'home.mine.waiting':
    '{count, plural, =0 {Nothing waits for your move} one {# match waits for your move} other {# matches wait for your move}}',
  'home.status.over': 'Finished',
  'home.status.open': 'Waiting for players to join',
  'home.status.yourMove': 'Your move',
  'home.status.theirMove': 'Waiting for the others',
  'home.status.unopened': 'Not opened yet',
  'home.outcome.won': 'You won',
  'home.outcome.lost': 'You lost',
  'home.outcome.shared': 'You shared the win',
  'home.outcome.nobody': 'Nobody won',
  'home.outcome.line': '{outcome}: {summary}',
  'home.forget.label': 'Forget',
  'home.forget.question': 'Remove this match from this browser? Its link is then gone from here.',
  'home.forget.confirm': 'Remove',

  // Refusals of the API (the code stays the same in every language).
  'error.invalid.request': 'The request is not valid.',
  'error.invalid.query': 'The query of the address is not valid.',
  'error.invalid.link': 'The link is not valid.',

  // The games' names (the rest of each game's words come with the engines' conversion: game.<id>.*).
  'game.dutch-auction.name': 'Dutch (auction deck-builder)',
  'game.dutch-memory.name': 'Dutch (memory card game)',
  'game.golden-age.name': 'The Dutch Golden Age',
} as const;

export type MessageKey = keyof typeof en;
