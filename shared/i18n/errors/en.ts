/**
 * The API's refusals in English (`error.<code>` and `error.<code>.<reason>`): what functions/http/errors.ts
 * `onError` answers with, worded in the request's language (Accept-Language; the page sends the
 * language it shows). Server-only, like ./mail: the page shows the message it is sent, so these words
 * stay out of its chunks (its 50 KB budget). Same rules as ../en.ts: ICU MessageFormat, named
 * placeholders; ./nl.ts has exactly these keys (tests/i18n/error-catalogs.test.ts).
 * The English is, word for word, what the refusals said before they were translated.
 */
export const errorsEn = {
  'error.invalid.options': 'The options are not valid.',
  'error.invalid.move': 'The move is not valid.',
  'error.invalid.matchId': 'The match id is not valid.',
  'error.invalid.seat': 'The seat is not valid.',
  'error.invalid.sessionId': 'The session id is not valid.',
  'error.invalid.idempotencyKey': 'The Idempotency-Key header is not valid.',
  'error.invalid.pushEndpoint': 'That push endpoint is not one of the browsers’ push services.',
  'error.invalid.pushService': 'Unknown push service.',
  'error.invalid-seats': '{game} is played by {min}–{max, plural, one {# player} other {# players}}.',
  'error.invalid-bots.where':
    'A computer player can sit {last, plural, =0 {nowhere in a match for one} one {in seat 1} other {in seats 1 to #}}; seat 0 is yours.',
  'error.invalid-bots.twice': 'Seat {seat} is given a computer player twice.',
  'error.invalid-bots.level': 'A computer player is beginner, easy or strong, not "{level}".',
  'error.unknown-game': 'There is no game called "{id}".',
  'error.idempotency-key-reused': 'This Idempotency-Key was already used for a different request.',
  'error.forbidden': 'This link does not open that seat.',
  'error.invite-used': 'This invite link has already been used or was replaced.',
  'error.not-ratable': 'This game has no rating for {seats, plural, one {# player} other {# players}}, so the match cannot be rated.',
  'error.not-ratable.computers': 'A rated match is between people only: leave out the computer players, or make it casual.',
  'error.rated-sign-in': 'Only signed-in players can sit at a rated match. Sign in first, then open the link again.',
  'error.rated-one-seat': 'You already have a seat at this rated match; each player takes one.',
  'error.no-such-match': 'There is no such match.',
  'error.not-an-open-game': 'That game is not in the lobby (any more).',
  'error.no-such-opponent': 'There is no player by that name.',
  'error.challenge-self': 'You cannot challenge yourself: pick another player’s name.',
  'error.challenge-blocked': 'You cannot challenge this player.',
  'error.no-such-challenge': 'There is no such challenge for you.',
  'error.challenge-closed': 'This challenge is no longer open: it was accepted, declined or withdrawn.',
  'error.challenge-seats': 'A challenge needs at least two seats, and the second is for the player you challenge (not a computer).',
  'error.too-many-challenges':
    'You already have {max, plural, one {# challenge} other {# challenges}} waiting for an answer. Withdraw one, or wait until they are answered.',
  'error.challenge-limit':
    'You made {max, plural, one {# challenge} other {# challenges}} today, the most a day. You can challenge again in {hours, plural, one {# hour} other {# hours}}.',
  'error.seat-taken': 'Someone took the last open seat just before you. Pick another game, or play someone now.',
  'error.already-seated': 'You already have a seat in this game.',
  'error.too-many-open-games':
    'You can have {max, plural, one {# open game} other {# open games}} waiting at once. Withdraw one, or wait until one fills.',
  'error.open-game-limit':
    'You have opened {max, plural, one {# game} other {# games}} this hour; try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'error.match-over': 'The match is over.',
  'error.match-over.nudge': 'The match is over: there is no move to nudge anyone about.',
  'error.match-not-started': 'The match starts when every seat is filled.',
  'error.match-not-started.nudge': 'The match starts when every seat is filled; nobody is to move yet.',
  'error.match-not-active.resign': 'Only a match in play can be resigned.',
  'error.match-not-active.standIn': 'Only a seat in a match in play can be handed over or taken back.',
  'error.match-not-active.ask': 'Only a match in play has turns to take back.',
  'error.match-not-active.undo': 'Only a match in play has moves to undo.',
  'error.match-not-active.pause': 'Only a match in play has deadlines to pause.',
  'error.match-not-over': 'A rematch can be asked for once the match is over.',
  'error.stale-version': 'The match has changed since you last looked; reload and try again.',
  'error.stale-version.decide': 'The match has changed since you last looked; reload and decide again.',
  'error.rematch-joined': 'You have already joined the rematch; open it from the link you got then.',
  'error.busy': 'The match is busy; try again.',
  'error.busy.moment': 'The match is busy; try again in a moment.',
  'error.too-many-changes':
    'You have changed links or pauses {count, plural, one {# time} other {# times}} in the last hour; try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'error.already-paused': 'Your deadlines are paused until {until}.',
  'error.not-paused': 'Your deadlines are not paused.',
  'error.vacation-too-few':
    'That trip needs {need, plural, one {# day} other {# days}}; your bank has {days, plural, one {# day} other {# days}}.',
  'error.trip-taken': 'You have a trip booked already: cancel it first.',
  'error.no-trip': 'You have no trip booked.',
  'error.pause-budget': 'You have {days, plural, one {# day} other {# days}} of pause left in this match.',
  'error.already-stood-in': 'A computer player already plays your seat; make a move or take it back.',
  'error.not-stood-in': 'You play this seat yourself already.',
  'error.invalid-chat.empty': 'Write something first: the message is empty.',
  'error.invalid-chat.long': 'A message is at most {max, plural, one {# character} other {# characters}}; this one has {chars}.',
  'error.invalid-chat.control': 'Messages are plain text on one line: line breaks and other control characters are not allowed.',
  'error.too-many-messages':
    'You can send {count, plural, one {# message} other {# messages}} a minute; try again in {seconds, plural, one {# second} other {# seconds}}.',
  'error.too-many-messages.day':
    'You have sent {count, plural, one {# message} other {# messages}} in this match today; you can write again after midnight (UTC).',
  'error.nudge-too-soon': 'You can nudge once a day; you can nudge again in {hours, plural, one {# hour} other {# hours}}.',
  'error.nudge-not-needed.yours': 'It is your move: there is nobody to nudge.',
  'error.nudge-not-needed.computer': 'Only a computer player is to move, and it needs no reminder.',
  'error.nothing-to-undo': 'You have no move to undo.',
  'error.nothing-to-undo.earlier': 'You have no earlier move to undo this turn.',
  'error.undo-not-allowed': 'Your last move cannot be undone: it showed something hidden (a card or a roll) or others may act on it.',
  'error.undo-not-allowed.deadline': 'A move made for you at the deadline cannot be undone.',
  'error.undo-turn-over':
    'Your turn has passed, so your last move can no longer be undone.{ask, select, yes { You may ask the others to let you take the turn back.} other {}}',
  'error.undo-others-acted': 'The game has moved on since your move, so it can no longer be undone.',
  'error.undo-computer-seat': 'A computer plays this seat now; take your seat back first.',
  'error.undo-computer-seat.undo': 'A computer plays this seat now; take your seat back before undoing.',
  'error.undo-computer-seat.move': 'A move a computer made for you cannot be undone.',
  'error.undo-requests-off': 'This match was made without undo requests.',
  'error.undo-not-askable':
    'There is no turn of yours to ask back: it showed something hidden, it has not ended, or someone has moved since.',
  'error.undo-already-asked': 'You have already asked; wait for the answers.',
  'error.no-undo-request': 'There is no request to take back a turn waiting for your answer.',
  'error.email-unavailable': 'This site does not send email.',
  'error.email-unavailable.signin': 'This site sends no email, so signing in by mail is not possible here.',
  'error.email-failed': 'The confirmation mail could not be sent. Check the address, or try again later.',
  'error.address-suppressed':
    'This address asked us to send no mail, or mail to it bounces. To allow mail again, use the link at the end of the last mail you had from us.',
  'error.confirmation-limit': 'We sent a confirmation mail to this address less than a day ago. Use the link in it, or try again tomorrow.',
  'error.confirmation-limit-seat':
    'This seat has asked for {count} confirmation mails today, the most we send. Use the link in one of them, or try again in about {hours, plural, one {# hour} other {# hours}}.',
  'error.confirmation-limit-match':
    'This match has had {count} confirmation mails today, the most we send for one match. Try again in about {hours, plural, one {# hour} other {# hours}}.',
  'error.confirmation-limit-client':
    'Too many confirmation mails were asked for from your network today. Try again in about {hours, plural, one {# hour} other {# hours}}.',
  'error.push-unavailable': 'This site does not send push notifications.',
  'error.too-many-devices': 'At most {max, plural, one {# device} other {# devices}} per seat; remove one first.',
  'error.webhook-address.not-https': 'A webhook address must start with https://.',
  'error.webhook-address.malformed': 'That is not a webhook address we can use.',
  'error.webhook-address.not-allowed':
    'We cannot post to that address: Discord and Slack only by their own webhook addresses, and nothing on a private network.',
  'error.too-many-webhooks': 'At most {max, plural, one {# webhook} other {# webhooks}} here; remove one first.',
  'error.no-such-webhook': 'That webhook is not there (any more).',
  'error.webhook-test-limit': 'That is enough test messages for this hour. Try again later.',
  'error.webhooks-unavailable': 'This site does not send to webhooks.',
  'error.replay-range': 'Ask for versions within 1–{version}, "from" not after "to".',
  'error.replay-range.seat': 'This match has seats 0–{last}.',
  'error.replay-not-offered': 'This replay shows only what you could see yourself.',
  'error.replay-diverged': 'This match cannot be replayed: its log no longer leads to the game as it stands.',
  'error.signin-limit-address':
    'We have sent this address all the sign-in links it gets in one hour. Use the newest one in your inbox, or wait: Try again in about {minutes, plural, one {# minute} other {# minutes}}.',
  'error.signin-limit-client':
    'Your network has asked for many sign-in links within the hour, so we are holding back for now. Try again in about {minutes, plural, one {# minute} other {# minutes}}.',
  'error.link-not-valid':
    'This sign-in link cannot be used: it was used already, is older than 15 minutes, or you signed out everywhere since. Ask for a new one.',
  'error.not-signed-in': 'You are not signed in on this device (or your session has ended). Sign in again.',
  'error.cross-site': 'This request must come from a page of this site (its Origin header did not say so).',
  'error.no-such-session': 'You have no session with that id (it may have ended already).',
  'error.no-such-seat': 'That seat is not in your record; claim it first.',
  'error.too-many-seats': 'A player record holds at most {max, plural, one {# seat} other {# seats}}.',
  'error.name-length': 'A player name is 3 to 24 characters long.',
  'error.name-characters': 'A player name holds letters and digits, with at most one space, hyphen, underscore or dot between them.',
  'error.name-refused': 'That name is not allowed here. Please choose another.',
  'error.name-taken': 'Another player already has that name (in some mix of capitals). Please choose another.',
  'error.follow-self': 'You cannot follow yourself.',
  'error.follow-limit': 'You follow {max, plural, one {# player} other {# players}} already: stop following one first.',
  'error.name-too-soon': 'You can change your name once a month: next on {date}.',
  'error.no-such-player': 'No player goes by that name.',
  'error.cannot-block-self': 'You cannot block yourself.',
  'error.too-many-blocks':
    'You can block at most {max, plural, one {# player} other {# players}}. Unblock someone on your account page first.',
  'error.cannot-report-self': 'You cannot report yourself.',
  'error.report-limit':
    'You have sent {max, plural, one {# report} other {# reports}} today, the most we take from one player in a day. Try again in {hours, plural, one {# hour} other {# hours}}.',
  'error.suspended': 'Your account may not join open games or quick match for now. You can still play with people who invite you by link.',
  'error.seat-claim.taken':
    'This seat is already in another player’s record, so it stays theirs, and so do its notices. You can still play it by its link.',
  'error.seat-claim.not-opened': 'This link does not open that seat (or the match is gone).',
  'error.unsupported-media-type': 'Send the body as application/json.',
  'error.invalid-json': 'The body is not valid JSON.',
  'error.unauthorized': 'This needs the secret from your match link.',
  'error.unauthorized.malformed': 'The secret from your match link is malformed.',
  'error.too-large': 'Requests are limited to {bytes, plural, one {# byte} other {# bytes}}.',
  'error.not-found': 'No such address.',
  'error.database-unavailable':
    'The database did not answer in time. Try again in {seconds, plural, one {# second} other {# seconds}}; a move sent again with the same Idempotency-Key is made at most once.',
  'error.internal':
    'Something went wrong on our side. Your change may or may not have been saved: reload to see, then try again if it is missing.',
} as const;

export type ServerErrorKey = keyof typeof errorsEn;
