/**
 * The server's own words in English: the notification mails (`mail.*`), the push texts (`push.*`) and
 * the HTML pages the API serves itself (`page.*`). Server-only: functions/i18n.ts merges these into its
 * catalogs; the web never imports them (its chunks stay the site's words). Same rules as ../en.ts: ICU
 * MessageFormat, named placeholders; ./nl.ts has exactly these keys (tests/i18n/mail-catalogs.test.ts).
 * The English here is, word for word, what the mails said before they were translated.
 */
export const mailEn = {
  // Shared bits of the match notices (functions/notify/compose.ts).
  'mail.withWhom': ' with {names}',
  'mail.aPlayer': 'a player',
  'mail.APlayer': 'A player',
  'mail.anotherPlayer': 'another player',
  'mail.AnotherPlayer': 'Another player',
  'mail.yourMove': 'It is your move.',
  'mail.matchOver': 'The match is over.',
  'mail.rating': 'Rating of {name}: {delta} → {rating}.',
  'mail.utc': '{time} UTC',
  // A time in the recipient's own time zone, named so nobody wonders whose clock it is.
  'mail.inZone': '{time} ({zone})',

  'mail.your-move.subject': 'Your move: {game}{withWhom}',
  'push.your-move.title': 'Your move in {game}',
  'mail.started.subject': '{game}{withWhom} has started',
  'push.started.title': '{game} has started',
  'mail.started.text': 'Everyone has joined, so the match has begun.',
  'mail.joined.subject': '{game}: news about your match{withWhom}',
  'push.joined.title': '{game}: news about your match',
  'mail.over.subject': '{game}{withWhom} is over',
  'push.over.title': '{game} is over',
  'mail.reminder.subject': 'Reminder: your move in {game}{withWhom}',
  'push.reminder.title': 'Still your move in {game}',
  'mail.reminder.since': 'It has been your move since {time}.',
  'mail.moved-for-you.subject': 'A move was made for you in {game}{withWhom}',
  'push.moved-for-you.title': 'A move was made for you in {game}',
  'mail.moved-for-you.text': 'Your time to move ran out, so the standard move of the game was made in your place.',
  'mail.moved-for-you.again': 'It is your move again.',
  // `count`: how many are named (Dutch says "is" or "zijn").
  'mail.moved-for-you.next': '{count, plural, other {Now it is the turn of {names}}}; you need not do anything until your next move.',
  'mail.stood-in.subject': 'A computer player took your seat in {game}{withWhom}',
  'push.stood-in.title': 'A computer player took your seat in {game}',
  'mail.stood-in.text': 'Your time to move ran out, so a computer player now plays your seat.',
  'mail.stood-in.back': 'Make any move in the match to take your seat back; until then it plays for you.',
  'mail.chat.subject': '{from}: {count, plural, one {a new message} other {# new messages}} in {game}',
  'push.chat.title': '{game}: {count, plural, one {a new message} other {# new messages}}',
  // `authors`: how many wrote (Dutch says "schreef" or "schreven").
  'mail.chat.text':
    '{from} {authors, plural, other {wrote}} {count, plural, one {a message} other {# messages}} in the chat of your match.',
  'mail.nudge.subject': '{who} nudged you: your move in {game}',
  'push.nudge.title': '{who} nudged you in {game}',
  'mail.nudge.text': '{who} reminds you that it is your move.',
  'mail.undo-asked.subject': 'A player asks to take back their turn in {game}{withWhom}',
  'push.undo-asked.title': 'Take-back asked in {game}',
  'mail.undo-asked.text':
    'A player would like to take back their last turn. Open the match to accept or refuse; the next move made cancels the request.',
  'mail.challenge-declined.subject': 'Your challenge to {game} was declined',
  'push.challenge-declined.title': 'Challenge declined: {game}',
  'mail.challenge-declined.text':
    'The player you challenged said no this time. The match is closed; you can challenge someone else or open a game in the lobby.',
  // Notices held through the seat's quiet hours, sent as one when they end (functions/notify/quiet.ts).
  'mail.quiet.subject': 'While you were quiet: {count, plural, one {one notice} other {# notices}} from {game}{withWhom}',
  'push.quiet.title': '{game}: {count, plural, one {one notice} other {# notices}} while you were quiet',
  'mail.quiet.text':
    'Your quiet hours are over. We kept {count, plural, one {this notice} other {these notices}} back until now, so here {count, plural, one {it is} other {they are}} together:',
  'mail.deadline-near.subject': 'Your move in {game} is due soon',
  'mail.deadline-near.by': 'Your move is due by {time}.',
  'mail.deadline-near.soon': 'Your move is due soon.',
  // The deadline policy (functions/matches/timing.ts policyText, said in the warning).
  'mail.policy.none': 'No move deadline.',
  'mail.policy.due':
    'Each move is due within {days, plural, one {# day} other {# days}}; a warning goes out shortly before. When a deadline passes, ',
  'mail.policy.bot': 'a computer player takes over that seat until its player makes a move again, which takes it back.',
  'mail.policy.forfeit': 'that player forfeits the match.',
  'mail.policy.default-move': "the game's standard move is made for that player, or, where the game has none, that player forfeits.",

  // The frame of a notice mail.
  'mail.hello': 'Hello,',
  'mail.helloName': 'Hello {name},',
  'mail.whatHappened': 'What happened:',
  'mail.open': 'Open the match: {url}',
  'mail.openLink': 'Open the match',
  'mail.why': 'You get this mail because you asked for email about this match.',
  'mail.stopAll': 'To stop all mail from us: {url}',
  'mail.stopAllLink': 'Stop all mail from us',

  // The confirmation mail (double opt-in).
  'mail.confirm.subject': 'Confirm email notices for your {game} match',
  'mail.confirm.asked': 'Someone, we hope you, asked {site} to send email to this address when it is their move in a match of {game}.',
  'mail.confirm.here': 'To get these mails, confirm here: {url}',
  'mail.confirm.button': 'Confirm: send me these mails',
  'mail.confirm.ignore': 'If it was not you, ignore this mail: without confirmation we send nothing more.',
  'mail.confirm.refuse': 'To refuse all mail from us, use: {url}',
  'mail.confirm.refuseLink': 'Refuse all mail from us',

  // The sign-in mail (functions/players/mail.ts).
  'mail.signin.subject': 'Your sign-in link for {site}',
  'mail.signin.asked': 'Someone (we hope you) asked to sign in to {site} with this address.',
  'mail.signin.open':
    'Open this link on the device you want to use; it signs in that device, works once, and lasts {minutes, plural, one {# minute} other {# minutes}}:',
  'mail.signin.ignore': 'If you did not ask for it, ignore this mail: nothing happens without the link.',
  'mail.signin.button': 'Sign in to {site}',
  'mail.noMail': 'To receive no mail at all from {site}:',
  'mail.noMailLink': 'stop all mail',

  // The daily digest (functions/players/digest-mail.ts).
  'mail.digest.intro': '{count, plural, one {One match is} other {# matches are}} waiting for your move on {site}:',
  'mail.digest.subjectOne': 'Your move in {game}',
  'mail.digest.subjectMany': '{count, plural, one {# match waits} other {# matches wait}} for your move',
  'mail.digest.against': 'against {names}',
  'mail.digest.alone': 'on your own',
  'mail.digest.line': '{game} {against}, waiting {waited}',
  'mail.digest.waiting': 'waiting {waited}',
  'mail.digest.underHour': 'less than an hour',
  'mail.digest.hours': '{hours, plural, one {# hour} other {# hours}}',
  'mail.digest.days': '{days, plural, one {# day} other {# days}}',
  'mail.digest.more': '…and {count} more; all are on your matches page: {url}',
  'mail.digest.moreHtml': '…and {count} more on',
  'mail.digest.matchesPage': 'your matches page',
  'mail.digest.why': 'You get at most one mail like this a day because you chose a daily summary; change it on your matches page.',

  // The pages behind the links in mails (functions/http/routes/notifications.ts, players.ts).
  'page.expired.title': 'Link expired',
  'page.expired.text': 'This link is not valid any more.',
  'page.confirm.title': 'Confirm email notices',
  'page.confirm.text': 'Send email to this address when it is your move in this match?',
  'page.confirm.button': 'Yes, send me email',
  'page.notConfirmed.title': 'Not confirmed',
  'page.notConfirmed.text': 'This seat now uses another address, so there is nothing to confirm.',
  'page.confirmed.title': 'Confirmed',
  'page.confirmed.text': 'Done. We will email you when this match needs you.',
  'page.backToMatch': 'Back to the match',
  'page.confirmed.remember':
    'Open the match with the link below in this browser, and it will remember the address: your next matches can use it without another confirmation mail.',
  'page.stop.title': 'Stop email',
  'page.stop.text': 'Stop all email from {site} to this address?',
  'page.stop.button': 'Stop all email',
  'page.stopped.title': 'Unsubscribed',
  'page.stopped.text': 'We will send no more email to this address.',
  'page.stopped.undo': 'Undo: allow email again',
  'page.allowed.title': 'Email allowed again',
  'page.allowed.text': 'Email to this address is allowed again, for the matches you confirmed.',
  'page.signin.notValid.title': 'Link not valid',
  'page.signin.notValid.text':
    'This sign-in link cannot be used: it was used already, is older than 15 minutes, or you signed out everywhere since.',
  'page.signin.notValid.ask': 'Ask for a new one',
  'page.signin.title': 'Sign in',
  'page.signin.text': 'This signs in {device}, the browser you opened the link in, not necessarily the one where you asked for it.',
  'page.signin.thisDevice': 'this device',
  'page.signin.button': 'Sign in on this device',
  'page.signedIn.title': 'Signed in',
  'page.signedIn.text': 'This device is now signed in as {address}. Other devices are not affected.',
  'page.signedIn.link': 'Go to my matches',
  'page.siteNav': 'Site',
  // The dev outbox (functions/http/routes/dev-outbox.ts, local runs without SMTP only).
  'page.outbox.title': 'Dev outbox',
  'page.outbox.intro': 'Mail this local server would have sent (newest first; no SMTP_URL is set).',
  'page.outbox.to': 'To {to}',
  'page.outbox.html': 'HTML part',
  'page.outbox.unsubscribe': 'One-click unsubscribe (POST)',
  'page.outbox.empty': 'Nothing yet.',
  'page.outbox.none': 'No such mail.',
  'page.signin.sent': 'If this address can receive mail from us, a sign-in link is on its way. It works once, for 15 minutes.',
  // Chat-app webhooks (functions/notify/webhook-format.ts): a channel's message names whose notice it is.
  'mail.webhook.for': 'For {name}',
  'mail.webhook.test.title': 'Dutch can reach this channel',
  'mail.webhook.test.text': 'This is a test. Notices of your matches will appear here like this one.',
} as const;

export type MailKey = keyof typeof mailEn;
