/**
 * De spelregels voor spelers, in het Nederlands en in onze eigen woorden, met elke keuze die deze
 * site maakt waar de gedrukte regels niets zeggen. Zelfde opbouw als ./en.ts.
 */
import type { RulesHelp } from '../help.js';

export const rulesHelp: RulesHelp = {
  title: 'De Gouden Eeuw',
  intro:
    'Drie of vier koopmansfamilies strijden om de macht in de Nederlanden van de zeventiende eeuw. Je verdient geld als de Rentmeester (op het bord: Steward) stilhoudt bij jouw mensen, je breidt je invloed uit in provincies en gilden, je verzamelt schilderijen, molens en gouverneurs en je sticht koloniën overzee. Wie aan het eind van een beurt als eerste 33 punten heeft, wint.',
  sections: [
    {
      heading: 'Geld',
      paragraphs: [
        'Er bestaan munten van een halve gulden. Daarom rekent de site intern alles in halve guldens; je ziet bedragen in guldens, zo nodig met ½ erachter.',
        'Je kunt nooit meer betalen dan je hebt, en de bank komt nooit onder nul. In totaal zit er 300 gulden in het spel, het startgeld van iedereen meegerekend. Kan de bank niet alles uitbetalen wat de Rentmeester oplevert, dan krijgt eerst de speler die aan de beurt is zijn geld, daarna de anderen met de klok mee, zolang de bank nog iets heeft. Kaarten inwisselen kan pas weer als de bank het volle bedrag kan betalen.',
      ],
    },
    {
      heading: 'Voorbereiding',
      paragraphs: [
        'Iedereen begint met 10 gulden, 5 pionnen en 6 invloedsschijven. Wie op de eerste plaats zit, begint.',
        'Om de beurt, in zitvolgorde, zet elke speler één invloedsschijf in een provincie waar nog geen schijf ligt. Daarna zet iedereen, weer in zitvolgorde, twee pionnen neer, één per keer: niet in een provincie met een invloedsschijf en nooit meer dan twee pionnen (van wie dan ook) in dezelfde provincie. Die grens geldt alleen tijdens de voorbereiding. Tot slot kiest de laatste speler een van de zes koopmansvakken als beginplek van de Rentmeester.',
      ],
    },
    {
      heading: 'Jouw beurt',
      paragraphs: [
        'Je begint met gooien: de server gooit twee dobbelstenen en zet de uitkomst in het logboek. Heb je een dobbelsteenkaart, dan mag je die in plaats daarvan spelen en zelf een worp van 2 tot en met 12 kiezen; de kaart gaat daarna open op de aflegstapel.',
        'De Rentmeester loopt zoveel vakken met de klok mee over de baan, en iedereen krijgt geld. Op een vak met twee provincies krijg je voor elk van die twee provincies 1 gulden per pion die je daar hebt en 2 gulden als jouw invloedsschijf er ligt; op een koopmansvak krijgt iedere speler 1 gulden, op het vak van Willem III iedere speler 3 gulden. Wie een gouverneurskaart heeft, krijgt 1 gulden extra telkens als de Rentmeester stopt op een vak waarop de provincie van die gouverneur staat; het koopmansvak met het portret van die gouverneur telt hierbij ook als die provincie.',
        'Daarna doe je acties in de volgorde die je wilt, zoveel je wilt en kunt betalen, en sluit je je beurt af. De stand wordt bekendgemaakt en je omgedraaide schijven gaan weer met de goede kant boven.',
      ],
    },
    {
      heading: 'Vrije acties',
      paragraphs: [
        'Verplaats een pion naar een aangrenzende provincie; elke stap kost een halve gulden. In een provincie mogen onbeperkt pionnen staan.',
        'Neem een gilde over: je betaalt de laagste vrije prijs in de kolom van dat gilde (3 gulden als de kolom nog leeg is, daarna 4, 5 enzovoort tot 10) en legt je schijf daar; wie het gilde had, krijgt zijn schijf terug. Een gilde dat al van jou is kun je niet overnemen, en als alle acht vakken van een kolom gebruikt zijn, wisselt dat gilde niet meer van eigenaar.',
        'Maak van drie eigen pionnen in één provincie een invloedsschijf, als daar nog geen schijf ligt. De pionnen gaan terug naar je voorraad.',
        'Vaar naar de koloniën: met een schip, een kapitein en een kanon (een VOC-joker mag één van de drie vervangen) leg je die drie kaarten af en zet je een schijf op een vrij vak in Oost-Indië (vak 2 tot en met 6, één schijf per vak) of in West-Indië (vak 7, daar is plek voor iedereen). Uitvaren doe je zelf, in je eigen beurt. De site zet een joker alleen in voor een onderdeel dat je mist, zodat je jokers zoveel mogelijk bewaart.',
        'Wissel sets investerings- en specerijkaarten in bij de bank wanneer je maar wilt, ook in de beurt van een ander of tijdens een veiling: één tulpenmeisje levert 5 gulden op, twee kaarten met twee meisjes 12, drie handelscompagnieën 20; één losse specerij 7, twee specerijparen 16, drie specerijdrietallen 27. De kaarten gaan open op de aflegstapel en het geld krijg je meteen.',
        'Nieuwe schijven komen uit je voorraad. Pas als je voorraad op is, mag je in plaats daarvan een van je schijven op het bord verplaatsen (naar een gilde, een provincie of een kolonie), en dan moet die van een andere plek komen: een schijf die al in West-Indië staat, kan niet degene zijn die erheen vaart. Een omgedraaide schijf kan niet verplaatst worden, en een schijf die je deze beurt hebt neergezet of verplaatst ook niet; een verplaatste schijf mag je deze beurt wel nog gebruiken. Verlaat de eigenaar een gilde, dan is dat gilde weer vrij en kost het 3 gulden.',
      ],
    },
    {
      heading: 'Speciale acties',
      paragraphs: [
        'Elke schijf van jou die open ligt, geeft je per beurt één speciale actie; daarna draai je de schijf om. Schijven in provincies en gilden werken volgens hun kleur: groen koopt een pion voor 5 gulden en zet die in een provincie naar keuze; geel koopt een investeringskaart, blauw een koloniekaart en grijs een cultuurkaart, elk voor 3 gulden; bruin koopt een kunstkaart voor 3 gulden of betaalt 1 gulden aan een van je schilders.',
        'Een schijf in een kolonie koopt een specerijkaart voor zoveel gulden als het nummer van het vak (West-Indië kost 7).',
        'Schilderijen leg je open voor je neer. Elk schilderij vraagt een aantal betalingen van 1 gulden (zijn punten min twee) en levert zijn punten op zodra de laatste betaling binnen is. Molens (2 punten) en gouverneurs (1 punt) leg je direct open neer. Dobbelsteenkaarten, en de investerings- en koloniekaarten die ook in de cultuurstapel zitten, neem je in je hand; die werken als de gewone kaarten.',
        'Is een trekstapel op, dan wordt de aflegstapel ervan geschud tot een nieuwe trekstapel; zijn beide leeg, dan kan niemand die soort kaart meer kopen.',
      ],
    },
    {
      heading: 'Veilingen',
      paragraphs: [
        'In plaats van de actie van een provincieschijf zelf te gebruiken, mag je die actie veilen. Schijven in gilden en koloniën worden nooit geveild.',
        'De speler links van je biedt als eerste, daarna gaat het met de klok mee; zelf bied je niet mee. Het eerste bod is minstens een halve gulden, elke verhoging minstens een halve gulden meer. Wie past, doet niet meer mee aan deze veiling. Hebben alle anderen gepast, dan betaalt de hoogste bieder jou het bod en voert de actie meteen uit zonder de bank te betalen: een gratis kaart, bij groen een gratis pion in een provincie naar keuze (die daar meteen met twee eigen pionnen een schijf uit de voorraad mag worden), of bij bruin een gratis kunstkaart of één betaling aan een schilder, waarvoor de bank de gulden op het schilderij legt.',
        "Je mag meer bieden dan je aan geld hebt, tot het bedrag dat je investerings- en specerijsets samen zouden opleveren. Doe je zo'n bod, dan wisselt de site precies de sets in die nodig zijn om het te dekken (de kleinste som die genoeg is), zodat de winnaar altijd kan betalen. Verder mag iedereen op elk moment van een veiling sets inwisselen.",
        'Op de site is elk bod of elke pas een zet van de speler die aan de beurt is om te bieden. Kan een speler de actie niet gebruiken (bijvoorbeeld omdat hij geen pion meer heeft voor een groene actie), of heeft hij te weinig geld voor het volgende bod en geen kaart die hij nog zou kunnen inwisselen, dan past hij vanzelf; of iemand wordt overgeslagen, hangt alleen af van wat iedereen kan zien. De keuzelijst toont het minimumbod, een paar grotere stappen en alles-of-niets, maar elk bedrag daartussen is ook goed.',
        "Kan een bruine actie alleen nog een betaling aan een schilder zijn (omdat er geen kunstkaarten meer zijn), dan moet die gulden uit de bank komen: zo'n veiling kan alleen als er 1 gulden in de bank ligt, en zolang ze loopt mag niemand kaarten inwisselen als de bank daardoor die gulden kwijtraakt.",
        'Biedt niemand, dan blijft je schijf open liggen en mag je hem nog zelf gebruiken, maar deze beurt niet opnieuw veilen. Een veiling kan niet beginnen als geen enkele andere speler zou kunnen bieden.',
      ],
    },
    {
      heading: 'Punten en winnen',
      paragraphs: [
        'Punten: 1 voor elke pion op het bord, 4 voor elke schijf in een provincie, 5 voor elke schijf in Oost-Indië, 6 voor elke schijf in West-Indië en niets voor schijven in gilden; verder voltooide schilderijen hun waarde, molens 2, gouverneurs 1, en 1 punt voor elke volle 10 gulden die je hebt (geld op schilderijen telt niet mee).',
        'Aan het eind van elke beurt wordt ieders stand bekendgemaakt, te beginnen bij de speler die aan de beurt was. Heeft iemand 33 punten of meer, dan is het spel uit: de hoogste stand wint, en bij gelijke stand wint wie het eerst genoemd werd (de speler die aan de beurt was, daarna met de klok mee).',
      ],
    },
    {
      heading: 'Termijnen',
      paragraphs: [
        'Verstrijkt je termijn, dan speelt de site voor je: bij de voorbereiding neemt hij de eerste vrije plek, aan het begin van je beurt gooit hij de dobbelstenen, tijdens je acties sluit hij je beurt af, in een veiling past hij, en heb je een veiling gewonnen, dan kiest hij het eerste mogelijke gebruik van de prijs (een kaart als die er nog is, anders het eerste schilderij of de eerste provincie).',
      ],
    },
  ],
};
