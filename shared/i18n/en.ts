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
import type { GameId } from '../games/ids.js';
import type { GameKey } from './games/index.js';
import type { PanelKey } from './panels/en.js';

export const en = {
  // The bar on top of every page.
  'site.name': 'Dutch',
  'site.nav.label': 'Site',
  'site.nav.myMatches': 'My matches',
  'site.nav.ratings': 'Leaderboards',
  'site.signIn': 'Sign in',
  'site.signOut': 'Sign out',
  'site.account.title': 'Your account',
  'site.next.button': 'Next match waiting for you',
  'site.next.game': '({game})',
  'site.next.count': '· {count, plural, one {# match waits} other {# matches wait}} for you',
  'site.next.none': 'No match waits for your move',
  'site.lang.label': 'Language',
  'site.cancel': 'Cancel',
  'site.title.yourMove': '● Your move · {title}',
  'site.title.count': '({count}) {title}',
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
  'home.mine.dueBy': 'due by {when}',
  'home.mine.theirMove': '{name} to move, waiting {duration}',
  'home.mine.empty':
    'Nothing here yet. Playing in another browser? Open this site there once while signed in, and those matches show up here too. Or start a new one below.',
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

  // The create form (on the home page).
  'create.title': 'Start a match',
  'create.loadingGames': 'Loading the games…',
  'create.noGames': 'No games are offered yet.',
  'create.gamesFailed': 'The list of games could not be loaded. Reload the page to try again.',
  'create.submit': 'Create the match',
  'create.unreachable': 'The server could not be reached; try again.',
  'home.game.line.dutch-auction': 'Bid with the cards in your hand for better ones; build the strongest deck.',
  'home.game.line.dutch-memory': 'Remember your face-down cards and end the round with the lowest total.',
  'home.game.line.golden-age': 'Spread your influence across the provinces and trade in the guilds of the Golden Age.',
  'create.game': 'Game',
  'create.players.fixed': '({count, plural, one {# player} other {# players}})',
  'create.players.range': '({min}–{max, plural, one {# player} other {# players}})',
  'create.players.label': 'Players',
  'create.name': 'Your name (the other players see it)',
  'create.nameFirst': 'Type your name above first; then you can start.',
  'create.option.gameDefault': 'Game default',
  'create.seats.legend': 'The other seats',
  'create.seats.hint': 'Seat 1 is yours. Computer players are ready at once; friends join with their invite link.',
  'create.seats.seat': 'Seat {n}',
  'create.vs.title': 'Play against the computer',
  'create.vs.text':
    'Nobody to invite? {others, plural, one {A computer player takes the other seat} other {# computer players take the other seats}} and your game of {game} begins at once, with the settings on this form.',
  'create.timing.legend': 'Reminders and deadline',
  'create.timing.remind': 'Remind whoever is to move',
  'create.timing.remindHint': '(by email or on their device, if they turned that on)',
  'create.timing.deadline': 'Move deadline',
  'create.undoRequests': 'Players may ask to take back a finished turn',
  'create.undoRequestsHint': '(the others accept or refuse; only while nobody has moved since)',
  'create.rated': 'Rated match',
  'create.ratedHint': '(everyone who joins must be signed in; no computer players)',
  'create.timing.missed': 'When a deadline passes',
  'create.timing.noWeekends': 'No deadlines at weekends (in the time zone of the player to move)',

  // Computer players and deadlines (create form, match page).
  'bots.level.label': 'Computer level',
  'bots.level.strong': 'Strong (looks ahead)',
  'bots.level.easy': 'Easy (plays by simple habits)',
  'bots.level.beginner': 'Beginner (forgets, overpays: for a first game)',
  'bots.seat.friend': 'A friend (invite link)',
  'bots.seat.easy': 'Computer — easy',
  'bots.seat.beginner': 'Computer — beginner',
  'bots.seat.strong': 'Computer — strong',
  'bots.missed.bot': 'A computer plays for them until they come back',
  'bots.missed.forfeit': 'They forfeit the match',
  'bots.missed.default': 'The standard move is made for them',
  'timing.reminder.none': 'No reminders',
  'timing.reminder.after': 'After {hours, plural, one {# hour} other {# hours}}',
  'timing.deadline.none': 'No deadline',
  'timing.deadline.days': '{days, plural, one {# day} other {# days}} per move',
  'timing.explain.none': 'Without a deadline the match simply waits, however long a player takes.',
  'timing.explain':
    "Whoever is to move has {days, plural, one {# day} other {# days}} to do it, and is warned shortly before the time runs out. If the time runs out, {missed, select, bot {a computer player takes over their seat until they come back (their next move takes it back)} forfeit {that player forfeits the match} other {the site moves for them: the game's standard move (passing, for example) where the game has one, otherwise that player forfeits the match}}. Each player can pause their own deadlines for up to {pause, plural, one {# day} other {# days}} per match, for a holiday say.",

  // Shared words of the match pages (web/src/text.ts).
  'site.seat': 'Seat {n}',
  'site.duration.moment': 'a moment',
  'site.duration.minutes': '{count, plural, one {a minute} other {# minutes}}',
  'site.duration.hours': '{count, plural, one {an hour} other {# hours}}',
  'site.duration.days': '{count, plural, one {a day} other {# days}}',
  'site.ago.now': 'just now',
  'site.ago': '{duration} ago',
  'site.days': '{count, plural, one {# day} other {# days}}',
  'site.hours': '{count, plural, one {# hour} other {# hours}}',
  'match.turn.open': '{count, plural, one {Waiting for one more player to join.} other {Waiting for # more players to join.}}',
  'match.turn.over': 'The match is over.',
  'match.turn.mine': 'Your move.',
  'match.turn.mineWith': 'Your move ({names} {count, plural, one {is} other {are}} choosing too).',
  'match.turn.nobody': 'Nobody is to move.',
  'match.turn.waiting': 'Waiting for {names}.',
  'match.variant.edition': 'Edition',
  'match.variant.edition2018': '2018 prototype',
  'match.variant.editionCurrent': 'current edition',
  'match.variant.ruleSet': 'Rule set',
  'match.variant.marmot': 'Marmot rules',
  'match.variant.bench': 'bench rules',
  'match.result.won': 'You won',
  'match.result.shared': 'You shared the win with {names}',
  'match.result.othersWon': '{count, plural, other {{names} won}}',
  'match.result.nobody': 'Nobody won',
  'match.result.score': '{words} {a} to {b}',
  'match.result.yourScore': '{words} (you scored {score})',
  'match.result.youResigned': '{words} — you resigned',
  'match.result.resigned': '{words} — {name} resigned',
  'match.result.byResignation': '{words} by resignation',
  'match.result.youMissed': '{words} — you missed a move deadline',
  'match.result.missed': '{words} — {name} missed a move deadline',
  'match.result.deadlinePassed': '{words} — a move deadline passed',
  'match.result.end': '{words}.',

  // Reminders, deadlines and computer seats on the match page (timing.ts, bots.ts).
  'timing.reminder.text.none': 'No reminders.',
  'timing.reminder.text':
    'A reminder goes to whoever is to move after {hours, plural, one {# hour} other {# hours}} without a move, repeated a few times.',
  'timing.due.now': 'due now',
  'timing.due.in': 'due in {duration}',
  'bots.badge': 'Computer player, {level, select, strong {strong} beginner {beginner} other {easy}}',
  'bots.badge.forYou': 'A computer ({level, select, strong {strong} beginner {beginner} other {easy}}) plays for you',
  'bots.name': '{n, plural, =0 {Computer} other {Computer #}} ({level, select, strong {strong} beginner {beginner} other {easy}})',
  'bots.badge.forThem': 'A computer ({level, select, strong {strong} beginner {beginner} other {easy}}) plays for them',

  // The match page (web/src/ui/MatchPage.tsx, ui/match/*).
  'match.noLink.title': 'This browser has no link for this match',
  'match.noLink.text':
    'Open the match with the link you were given (an invite, your seat link or a watch link). Links keep their secret after the “#”, so copy the whole link.',
  'match.watching': 'Watching',
  'match.rated.badge': 'Rated match',
  'match.rated.void': 'No longer rated: a computer took a seat, so this match does not count for the ratings.',
  'match.side.skip': 'Players, log and chat',
  'match.side.label': 'The table: players, log and chat',
  'match.menu.title': 'Match menu',
  'match.menu.hint': 'invite and share, notices, options, away, resign',
  'match.menu.tone': 'Play a short tone when it becomes my move',
  'match.players': 'Players',
  'match.openSeat': 'Open seat',
  'match.presence.online': 'online now',
  'match.presence.seen': 'last seen {when}',
  'match.you': '(you)',
  'match.toMove': 'to move',
  'match.waitingFor': 'waiting {duration}',
  'match.awayUntil': 'away until {when}',
  'match.vacationUntil': 'on vacation until {day}',
  'match.fatal.title': 'This match cannot be opened',
  'match.offline.retrying': 'The server could not be reached; trying again…',
  'match.loading': 'Loading the match…',
  'match.notice.dismiss': 'Dismiss',
  'match.offline.notice': 'The server could not be reached; the page keeps trying.',
  'match.startsWhenFull': 'The game starts as soon as every seat is taken.',
  'match.variant.line': '{label}: {value}',
  'match.replay.title': 'Replay',
  'match.replay.downloadFailed': 'The replay could not be downloaded. Reload the page to try again.',
  'match.replay.offer': 'Replay the match move by move',
  'match.since.changed': 'changed since you last looked',
  'match.since.label': 'Since you last looked',
  'match.since.text': '{count, plural, one {# move} other {# moves}} since you last looked — marked on the board and in the log.',
  'match.since.textAtLeast':
    'At least {count, plural, one {# move} other {# moves}} since you last looked — marked on the board and in the log.',
  'match.since.step': 'Step through',
  'match.announce.standIn': 'A computer is now playing for you.',
  'match.announce.yourMove': 'It is your move.',
  'match.gone': 'This match does not exist (any more).',
  'match.boardFailed':
    'The board of this game could not be downloaded, so its moves are shown as a plain list. Reload the page to try again.',
  'match.move.unreachable': 'The server could not be reached, so the move was not made. Check your connection and try again.',
  'match.move.conflict':
    'The match changed before your move arrived (a move made in another tab or on another device, or by another player), so it was not made. The page now shows the match as it stands: check it and choose again.',
  'match.log.olderFailed': 'The earlier log could not be loaded; try again.',
  'match.log.byComputer': 'made by a computer ({level, select, strong {strong} beginner {beginner} other {easy}}) for them',
  'match.log.title': 'What happened',
  'match.log.nothingNew': 'Nothing new from the others since you last looked.',
  'match.log.earlier': 'Earlier (newest first)',
  'match.log.all': 'The log (newest first)',
  'match.log.empty': 'Nothing yet.',
  'match.log.whole': 'Show the whole log',
  'match.log.older': 'Show earlier entries',
  'match.options.title': 'Match options',
  'match.options.deadline': 'Move deadline: {days, plural, one {# day} other {# days}} per move.',
  'match.options.noDeadline': 'No move deadline.',
  'match.options.noWeekends': 'No deadline runs out at a weekend: it moves to Monday.',
  'match.options.due': 'Your move is due by',
  'match.notify.title': 'Notifications',
  'match.notify.hint': 'email or this device, when it is your move',
  'match.notify.downloadFailed': 'The notification settings could not be downloaded. Close and open this section to try again.',

  'site.network': 'The server could not be reached. Check your connection; the page keeps trying.',
  'site.httpStatus': 'The server answered {status}.',

  'match.pageTitle': '{game} · Dutch',
  // ---- web-frame
  'match.board.options': 'Your options',
  'match.board.filter': 'Filter the options',
  'match.board.pick': 'Select an option, then make the move.',
  'match.board.picked': 'Selected: {move}',
  'match.board.make': 'Make this move',
  'match.board.view': 'What you can see of the game',
  'match.board.value.none': 'none',
  'match.board.value.yes': 'yes',
  'match.board.value.no': 'no',
  'match.board.value.nothing': 'nothing',

  // ---- platform
  // The platform's own log lines (functions/matches/present.ts logEntries): seats are `{seat}` parameters.
  'match.log.joined': '{seat} joined.',
  'match.log.started': 'Everyone is here: the game has started.',
  'match.log.resigned': '{seat} resigned.',
  'match.log.forfeit': '{seat} missed the move deadline and forfeits.',
  'match.log.standIn.deadline':
    "{seat}'s deadline passed; a computer player ({level, select, easy {easy} beginner {beginner} other {strong}}) plays for them until they are back.",
  'match.log.standIn.asked':
    '{seat} handed their seat to a computer player ({level, select, easy {easy} beginner {beginner} other {strong}}) for now.',
  'match.log.takeBack': '{seat} is back and plays their own seat again.',
  'match.log.nudge': '{seat} nudged {whom}.',
  'match.log.undo': '{seat} took back their last move.',
  'match.log.undo.agreed': '{seat} took back their last turn, as the others agreed.',
  'match.log.undoAsked': '{seat} asked to take back their last turn.',
  'match.log.undoRefused': '{seat} refused to let the last turn be taken back.',
  'match.log.deadline': "{seat}'s deadline passed; the standard move was made for them.",
  // Every game's name is a site word (the game list and "my matches" show it before the game's catalog is
  // loaded), so a game id without its name here does not compile.
} as const satisfies Record<string, string> & Record<`game.${GameId}.name`, string>;

/** The keys of this catalog (loaded with the page); `MessageKey` adds the panels' (./panels/en.ts, loaded with them). */
export type SiteKey = keyof typeof en;
export type MessageKey = SiteKey | PanelKey | GameKey;
