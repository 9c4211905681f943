/** The API's refusals in Dutch (see ./en.ts). */
import type { ServerErrorKey } from './en.js';

export const errorsNl = {
  'error.invalid.options': 'De opties zijn niet geldig.',
  'error.invalid.move': 'De zet is niet geldig.',
  'error.invalid.matchId': 'Het nummer van de partij is niet geldig.',
  'error.invalid.seat': 'De plaats is niet geldig.',
  'error.invalid.sessionId': 'Het nummer van de sessie is niet geldig.',
  'error.invalid.idempotencyKey': 'De Idempotency-Key-header is niet geldig.',
  'error.invalid.pushEndpoint': 'Dat pushadres hoort niet bij een van de pushdiensten van de browsers.',
  'error.invalid.pushService': 'Onbekende pushdienst.',
  'error.invalid-seats': '{game} speel je met {min} tot {max, plural, one {# speler} other {# spelers}}.',
  'error.invalid-bots.where':
    'Een computerspeler kan {last, plural, =0 {nergens zitten in een partij voor één} one {alleen op plaats 1 zitten} other {op plaats 1 tot en met # zitten}}; plaats 0 is van jou.',
  'error.invalid-bots.twice': 'Plaats {seat} krijgt twee keer een computerspeler.',
  'error.invalid-bots.level': 'Een computerspeler is beginner (beginner), makkelijk (easy) of sterk (strong), niet "{level}".',
  'error.unknown-game': 'Er is geen spel dat "{id}" heet.',
  'error.idempotency-key-reused': 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
  'error.forbidden': 'Deze link opent die plaats niet.',
  'error.invite-used': 'Deze uitnodigingslink is al gebruikt of vervangen.',
  'error.not-ratable':
    'Dit spel heeft geen rating voor {seats, plural, one {# speler} other {# spelers}}; de partij kan dus niet om rating gaan.',
  'error.not-ratable.computers': 'Een partij om rating is alleen tussen mensen: laat de computerspelers weg, of maak haar vrijblijvend.',
  'error.rated-sign-in': 'Aan een partij om rating kunnen alleen ingelogde spelers zitten. Log eerst in en open de link dan opnieuw.',
  'error.rated-one-seat': 'Je hebt al een plaats aan deze partij om rating; iedere speler neemt er één.',
  'error.no-such-match': 'Deze partij bestaat niet.',
  'error.not-an-open-game': 'Dat spel staat niet (meer) in de lobby.',
  'error.no-such-opponent': 'Er is geen speler met die naam.',
  'error.challenge-self': 'Je kunt jezelf niet uitdagen: kies de naam van een andere speler.',
  'error.challenge-blocked': 'Je kunt deze speler niet uitdagen.',
  'error.no-such-challenge': 'Er is geen uitdaging zoals deze voor jou.',
  'error.challenge-closed': 'Deze uitdaging staat niet meer open: ze is aangenomen, afgewezen of ingetrokken.',
  'error.challenge-seats':
    'Een uitdaging heeft minstens twee plaatsen nodig, en de tweede is voor de speler die je uitdaagt (geen computer).',
  'error.too-many-challenges':
    'Er {max, plural, one {wacht al # uitdaging} other {wachten al # uitdagingen}} van jou op antwoord. Trek er een in, of wacht tot ze beantwoord zijn.',
  'error.challenge-limit':
    'Je hebt vandaag {max, plural, one {# uitdaging} other {# uitdagingen}} gedaan, het maximum per dag. Over {hours, plural, one {# uur} other {# uur}} kun je weer uitdagen.',
  'error.seat-taken': 'Iemand was je net voor en heeft de laatste vrije plaats genomen. Kies een ander spel, of speel nu tegen iemand.',
  'error.already-seated': 'Je hebt al een plaats in dit spel.',
  'error.too-many-open-games':
    'Je kunt {max, plural, one {# open spel} other {# open spellen}} tegelijk laten wachten. Trek er een in, of wacht tot er een vol is.',
  'error.open-game-limit':
    'Je hebt dit uur al {max, plural, one {# spel} other {# spellen}} geopend; probeer het over {minutes, plural, one {# minuut} other {# minuten}} opnieuw.',
  'error.match-over': 'De partij is afgelopen.',
  'error.match-over.nudge': 'De partij is afgelopen: er is geen zet meer om iemand aan te herinneren.',
  'error.match-not-started': 'De partij begint zodra alle plaatsen bezet zijn.',
  'error.match-not-started.nudge': 'De partij begint zodra alle plaatsen bezet zijn; nog niemand is aan zet.',
  'error.match-not-active.resign': 'Alleen een lopende partij kun je opgeven.',
  'error.match-not-active.standIn': 'Alleen in een lopende partij kun je je plaats overdragen of terugnemen.',
  'error.match-not-active.ask': 'Alleen in een lopende partij zijn er beurten om terug te nemen.',
  'error.match-not-active.undo': 'Alleen in een lopende partij zijn er zetten om ongedaan te maken.',
  'error.match-not-active.pause': 'Alleen in een lopende partij zijn er termijnen om te pauzeren.',
  'error.match-not-over': 'Om een nieuwe partij vragen kan pas als deze partij afgelopen is.',
  'error.stale-version': 'De partij is veranderd sinds je laatst keek; laad de pagina opnieuw en probeer het nog eens.',
  'error.stale-version.decide': 'De partij is veranderd sinds je laatst keek; laad de pagina opnieuw en beslis nog eens.',
  'error.rematch-joined': 'Je doet al mee aan de nieuwe partij; open die met de link die je toen kreeg.',
  'error.busy': 'Het is druk in de partij; probeer het opnieuw.',
  'error.busy.moment': 'Het is druk in de partij; probeer het zo opnieuw.',
  'error.too-many-changes':
    'Je hebt het afgelopen uur {count, plural, one {# keer} other {# keer}} links of pauzes gewijzigd; probeer het over {minutes, plural, one {# minuut} other {# minuten}} opnieuw.',
  'error.already-paused': 'Je termijnen staan stil tot {until}.',
  'error.not-paused': 'Je termijnen staan niet stil.',
  'error.vacation-too-few':
    'Voor die reis zijn {need, plural, one {# dag} other {# dagen}} nodig; je hebt er {days, plural, one {# dag} other {# dagen}}.',
  'error.trip-taken': 'Je hebt al een reis geboekt: zeg die eerst af.',
  'error.no-trip': 'Je hebt geen reis geboekt.',
  'error.pause-budget': 'Je hebt in deze partij nog {days, plural, one {# dag} other {# dagen}} pauze over.',
  'error.already-stood-in': 'Er speelt al een computerspeler op jouw plaats; doe een zet of neem je plaats terug.',
  'error.not-stood-in': 'Je speelt deze plaats al zelf.',
  'error.invalid-chat.empty': 'Schrijf eerst iets: het bericht is leeg.',
  'error.invalid-chat.long': 'Een bericht telt hooguit {max, plural, one {# teken} other {# tekens}}; dit heeft er {chars}.',
  'error.invalid-chat.control': 'Berichten zijn gewone tekst op één regel: regeleinden en andere stuurtekens mogen er niet in.',
  'error.too-many-messages':
    'Je kunt {count, plural, one {# bericht} other {# berichten}} per minuut sturen; probeer het over {seconds, plural, one {# seconde} other {# seconden}} opnieuw.',
  'error.too-many-messages.day':
    'Je hebt vandaag al {count, plural, one {# bericht} other {# berichten}} in deze partij gestuurd; na middernacht (UTC) kun je weer schrijven.',
  'error.nudge-too-soon': 'Je kunt één keer per dag porren; over {hours, plural, one {# uur} other {# uur}} kan het weer.',
  'error.nudge-not-needed.yours': 'Jij bent zelf aan zet: er valt niemand aan te porren.',
  'error.nudge-not-needed.computer': 'Alleen een computerspeler is aan zet, en die hoeft niet herinnerd te worden.',
  'error.nothing-to-undo': 'Je hebt geen zet om ongedaan te maken.',
  'error.nothing-to-undo.earlier': 'Je hebt deze beurt geen eerdere zet om ongedaan te maken.',
  'error.undo-not-allowed':
    'Je laatste zet kan niet ongedaan worden: er kwam iets verborgens mee op tafel (een kaart of een worp) of anderen kunnen erop reageren.',
  'error.undo-not-allowed.deadline': 'Een zet die bij het verlopen van je termijn voor je is gedaan, kan niet ongedaan worden.',
  'error.undo-turn-over':
    'Je beurt is voorbij, dus je laatste zet kan niet meer ongedaan worden.{ask, select, yes { Je kunt de anderen vragen of je de beurt mag terugnemen.} other {}}',
  'error.undo-others-acted': 'Het spel is na jouw zet verdergegaan, dus die kan niet meer ongedaan worden.',
  'error.undo-computer-seat': 'Er speelt nu een computer op deze plaats; neem eerst je plaats terug.',
  'error.undo-computer-seat.undo': 'Er speelt nu een computer op deze plaats; neem je plaats terug voor je iets ongedaan maakt.',
  'error.undo-computer-seat.move': 'Een zet die een computer voor je deed, kan niet ongedaan worden.',
  'error.undo-requests-off': 'Deze partij is gemaakt zonder verzoeken om terug te nemen.',
  'error.undo-not-askable':
    'Er is geen beurt van jou om terug te vragen: er kwam iets verborgens op tafel, de beurt is niet af, of er is sindsdien gezet.',
  'error.undo-already-asked': 'Je hebt het al gevraagd; wacht op de antwoorden.',
  'error.no-undo-request': 'Er wacht geen verzoek om een beurt terug te nemen op jouw antwoord.',
  'error.email-unavailable': 'Deze site verstuurt geen e-mail.',
  'error.email-unavailable.signin': 'Deze site verstuurt geen e-mail, dus inloggen via mail kan hier niet.',
  'error.email-failed': 'De bevestigingsmail kon niet worden verstuurd. Controleer het adres of probeer het later opnieuw.',
  'error.address-suppressed':
    'Dit adres wil geen mail van ons, of mail ernaartoe komt terug. Wil je weer mail krijgen, gebruik dan de link onderaan de laatste mail die je van ons kreeg.',
  'error.confirmation-limit':
    'We hebben minder dan een dag geleden een bevestigingsmail naar dit adres gestuurd. Gebruik de link daarin, of probeer het morgen opnieuw.',
  'error.confirmation-limit-seat':
    'Voor deze plaats zijn vandaag al {count} bevestigingsmails gevraagd, meer sturen we niet. Gebruik de link in een ervan, of probeer het over ongeveer {hours, plural, one {# uur} other {# uur}} opnieuw.',
  'error.confirmation-limit-match':
    'Deze partij kreeg vandaag al {count} bevestigingsmails, meer sturen we niet voor één partij. Probeer het over ongeveer {hours, plural, one {# uur} other {# uur}} opnieuw.',
  'error.confirmation-limit-client':
    'Vanaf jouw netwerk zijn vandaag te veel bevestigingsmails gevraagd. Probeer het over ongeveer {hours, plural, one {# uur} other {# uur}} opnieuw.',
  'error.push-unavailable': 'Deze site verstuurt geen pushmeldingen.',
  'error.too-many-devices': 'Hooguit {max, plural, one {# apparaat} other {# apparaten}} per plaats; haal er eerst een weg.',
  'error.webhook-address.not-https': 'Een webhookadres begint met https://.',
  'error.webhook-address.malformed': 'Met dat webhookadres kunnen we niets.',
  'error.webhook-address.not-allowed':
    'Naar dat adres sturen we niet: Discord en Slack alleen via hun eigen webhookadressen, en nooit iets in een privénetwerk.',
  'error.too-many-webhooks': 'Hooguit {max, plural, one {# webhook} other {# webhooks}} hier; haal er eerst een weg.',
  'error.no-such-webhook': 'Die webhook is er niet (meer).',
  'error.webhook-test-limit': 'Genoeg proefberichten voor dit uur. Probeer het later nog eens.',
  'error.webhooks-unavailable': 'Deze site stuurt niets naar webhooks.',
  'error.replay-range': 'Vraag om versies van 1 tot en met {version}, met "from" niet na "to".',
  'error.replay-range.seat': 'Deze partij heeft de plaatsen 0 tot en met {last}.',
  'error.replay-not-offered': 'Deze herhaling toont alleen wat je zelf kon zien.',
  'error.replay-diverged': 'Deze partij kan niet worden herhaald: het logboek leidt niet meer tot het spel zoals het nu is.',
  'error.signin-limit-address':
    'Dit adres heeft alle inloglinks van dit uur al gekregen. Gebruik de nieuwste in je inbox, of wacht: probeer het over ongeveer {minutes, plural, one {# minuut} other {# minuten}} opnieuw.',
  'error.signin-limit-client':
    'Vanaf jouw netwerk zijn dit uur veel inloglinks gevraagd, dus we houden even in. Probeer het over ongeveer {minutes, plural, one {# minuut} other {# minuten}} opnieuw.',
  'error.link-not-valid':
    'Deze inloglink werkt niet: hij is al gebruikt, ouder dan 15 minuten, of je bent sindsdien overal uitgelogd. Vraag een nieuwe aan.',
  'error.not-signed-in': 'Je bent op dit apparaat niet ingelogd (of je sessie is verlopen). Log opnieuw in.',
  'error.cross-site': 'Dit verzoek moet van een pagina van deze site komen (de Origin-header zei dat niet).',
  'error.no-such-session': 'Je hebt geen sessie met dat nummer (misschien is die al beëindigd).',
  'error.no-such-seat': 'Die plaats staat niet in je overzicht; claim hem eerst.',
  'error.too-many-seats': 'Een spelersoverzicht bevat hooguit {max, plural, one {# plaats} other {# plaatsen}}.',
  'error.name-length': 'Een spelersnaam telt 3 tot 24 tekens.',
  'error.name-characters':
    'Een spelersnaam bestaat uit letters en cijfers, met daartussen hooguit één spatie, streepje, liggend streepje of punt.',
  'error.name-refused': 'Die naam is hier niet toegestaan. Kies een andere.',
  'error.name-taken': 'Een andere speler heeft die naam al (met of zonder hoofdletters). Kies een andere.',
  'error.follow-self': 'Jezelf volgen kan niet.',
  'error.follow-limit': 'Je volgt al {max, plural, one {# speler} other {# spelers}}: volg er eerst een niet meer.',
  'error.name-too-soon': 'Je kunt je naam één keer per maand wijzigen: weer op {date}.',
  'error.no-such-player': 'Er is geen speler met die naam.',
  'error.cannot-block-self': 'Jezelf blokkeren kan niet.',
  'error.too-many-blocks':
    'Je kunt hoogstens {max, plural, one {# speler} other {# spelers}} blokkeren. Deblokkeer eerst iemand op je accountpagina.',
  'error.cannot-report-self': 'Jezelf melden kan niet.',
  'error.report-limit':
    'Je hebt vandaag {max, plural, one {# melding} other {# meldingen}} gedaan, het meeste dat we per dag van één speler aannemen. Probeer het over {hours, plural, one {# uur} other {# uur}} opnieuw.',
  'error.suspended':
    'Je account mag voorlopig niet meedoen aan open spellen of snel spelen. Met mensen die je via een link uitnodigen kun je nog wel spelen.',
  'error.seat-claim.taken':
    'Een andere speler heeft deze plaats al in zijn overzicht staan. Hij blijft van die speler, net als de berichten erover; met de link kun je er nog steeds mee spelen.',
  'error.seat-claim.not-opened': 'Met deze link open je die plaats niet (of de partij bestaat niet meer).',
  'error.unsupported-media-type': 'Stuur de inhoud als application/json.',
  'error.invalid-json': 'De inhoud is geen geldige JSON.',
  'error.unauthorized': 'Hiervoor is het geheim uit je partijlink nodig.',
  'error.unauthorized.malformed': 'Het geheim uit je partijlink is misvormd.',
  'error.too-large': 'Een verzoek mag hooguit {bytes, plural, one {# byte} other {# bytes}} groot zijn.',
  'error.not-found': 'Dit adres bestaat niet.',
  'error.database-unavailable':
    'De database antwoordde niet op tijd. Probeer het over {seconds, plural, one {# seconde} other {# seconden}} opnieuw; een zet die je opnieuw stuurt met dezelfde Idempotency-Key wordt hooguit één keer gedaan.',
  'error.internal':
    'Er ging bij ons iets mis. Je wijziging is misschien wel, misschien niet bewaard: laad de pagina opnieuw om te kijken, en probeer het nog eens als ze ontbreekt.',
} satisfies Record<ServerErrorKey, string>;
