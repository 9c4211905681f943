/**
 * De spelregels voor spelers, in het Nederlands en in onze eigen woorden (niet vertaald uit de
 * regelteksten), met elke keuze die deze site maakt waar de gedrukte regels niets zeggen. Zelfde
 * opbouw als ./en.ts. Woorden: de stapel (trekstapel), de aflegstapel, afleggen, meeleggen (snap),
 * aas, boer, vrouw, heer; de regelsets heten Bench en Marmot zoals op het aanmaakformulier.
 */
import type { RulesHelp } from '../help.js';

export const rulesHelp: RulesHelp = {
  title: 'Dutch — het geheugenkaartspel',
  intro:
    'Dutch (ook bekend als Cambio, Cactus, Pablo of Tamalou) speel je met 2 tot 8 mensen en één gewoon spel van 52 kaarten. ' +
    'Iedereen heeft een paar gesloten kaarten voor zich liggen en probeert elke ronde te eindigen met zo weinig mogelijk punten, ' +
    'terwijl je die kaarten alleen op een paar bijzondere momenten mag bekijken. Onthoud goed, ruil slim en roep "Dutch" ' +
    'zodra je denkt dat niemand lager zit dan jij. Na een aantal rondes wint wie het laagste totaal heeft.',
  sections: [
    {
      heading: 'Twee regelsets',
      paragraphs: [
        'Bij het aanmaken van een partij kies je een regelset: "Bench" (standaard) of "Marmot". Het spel is hetzelfde, maar op een paar ' +
          'punten verschillen ze, en elk van die punten kun je ook los aan- of uitzetten bij de opties van de partij.',
        'Bench: je vier kaarten liggen in een vierkant van 2 bij 2; de deler draait een eerste kaart open op de aflegstapel; in plaats van ' +
          'te pakken mag je de bovenste kaart van de aflegstapel nemen; vrouwen en boeren hebben een kracht; boer en vrouw tellen 10 en een ' +
          'zwarte heer 13; wie Dutch roept en niet echt het laagst zit, krijgt een strafkaart voor elke speler die evenveel of minder had; ' +
          'heb je geen kaarten meer, dan wordt voor jou Dutch geroepen zodra je aan de beurt bent; bij een gelijk eindtotaal beslist de ' +
          'score van de laatste ronde.',
        'Marmot: je vier kaarten liggen op een rij; er komt geen eerste open kaart en je mag nooit van de aflegstapel nemen; ook azen ' +
          'hebben een kracht; een boer telt 11, een vrouw 12 en een zwarte heer 20; wie Dutch roept en het laagst zit (gelijk is ook goed), ' +
          'trekt een bonuskaart die van zijn score af gaat, anders één strafkaart die erbij komt; wie al zijn kaarten kwijt is, beëindigt ' +
          'de ronde meteen; bij een gelijk eindtotaal winnen de gelijken samen.',
      ],
    },
    {
      heading: 'Waarde van de kaarten',
      paragraphs: [
        'Aas 1. Twee tot en met tien: het getal op de kaart. Rode heren (harten, ruiten): 0, de beste kaart van het spel.',
        'Bij Bench: boer 10, vrouw 10, zwarte heer 13. Bij Marmot: boer 11, vrouw 12, zwarte heer 20.',
        'De kleur telt alleen bij heren, ook bij meeleggen: een rode heer mag alleen op een rode heer, een zwarte alleen op een zwarte, ' +
          'omdat ze niet evenveel punten waard zijn.',
      ],
    },
    {
      heading: 'Een ronde begint',
      paragraphs: [
        'Iedereen krijgt vier gesloten kaarten. Hun plekken liggen de hele ronde vast: kaarten worden nooit herschikt, dus ' +
          '"mijn kaart linksboven" blijft steeds dezelfde plek.',
        'Voordat het spel begint, kiest elke speler twee van zijn eigen vier kaarten om te bekijken. Dat doet iedereen tegelijk; de ronde ' +
          'begint zodra de laatste gekeken heeft. Welke twee je koos, is openbaar, wat erop staat niet. Verstrijkt je termijn eerder, ' +
          'dan bekijkt de site voor jou de kaarten op je eerste twee plekken.',
        'Wie deelt eerst: bij Bench de laatste plaats, zodat de eerste plaats begint; bij Marmot een plaats die bij het opzetten van de ' +
          'partij door het lot wordt gekozen (zodat wie de partij aanmaakte niet altijd begint). Elke ronde schuift het delen één plaats ' +
          'met de klok mee, en steeds begint de speler na de deler. Bij Bench draait de deler daarna zijn eerste kaart open op de aflegstapel.',
      ],
    },
    {
      heading: 'Jouw beurt',
      paragraphs: [
        'Er wordt met de klok mee gespeeld. Aan het begin van je beurt doe je precies één van deze dingen:',
        '• Pak de bovenste kaart van de stapel. Alleen jij ziet hem. Leg hem daarna gesloten neer op de plek van een van je kaarten ' +
          '(die kaart gaat open op de aflegstapel, en je ziet hem pas als hij daar ligt), of leg de gepakte kaart meteen af.',
        '• (Alleen bij Bench) Neem de bovenste kaart van de aflegstapel en leg hem op de plek van een van je kaarten; die kaart gaat ' +
          'naar de aflegstapel. Iedereen heeft gezien welke kaart je nam.',
        '• Roep Dutch (zie verderop). Daarmee is je beurt meteen voorbij.',
        'Er is ook een knop die in één klik een kaart pakt en die meteen weer aflegt.',
      ],
    },
    {
      heading: 'Kaarten met een kracht',
      paragraphs: [
        'Vrouw: bekijk één gesloten kaart op tafel, van jezelf of van een ander. Alleen jij ziet hem.',
        'Boer: verwissel twee gesloten kaarten zonder ze te bekijken. Bij Bench moeten de twee kaarten van twee verschillende spelers zijn ' +
          '(jijzelf mag een van hen zijn). Bij Marmot mogen het elke twee kaarten zijn, ook twee van dezelfde speler.',
        'Aas (alleen bij Marmot): geef een andere speler de bovenste kaart van de stapel, gesloten; niemand ziet hem.',
        'De kracht is voor wie de kaart op de aflegstapel legt: een gepakte kaart die je weggooit, een eigen kaart die je vervangt en een ' +
          'kaart die je meelegt tellen allemaal. De eerste open kaart van de deler doet niets. Een kracht gebruiken hoeft niet; je mag hem overslaan.',
        'Komen er meerdere krachtkaarten na elkaar op de stapel (een boer, en iemand legt er een tweede boer op mee), dan worden hun krachten ' +
          'gebruikt in de volgorde waarin de kaarten neerkwamen. Zolang een kracht nog wacht, kan niemand anders zijn beurt doen; de pagina ' +
          'laat zien wiens kracht er wacht.',
      ],
    },
    {
      heading: 'Meeleggen',
      paragraphs: [
        'Telkens als er een kaart open op de aflegstapel komt, mag elke speler meeleggen, ook wie hem net aflegde en ook wie niet aan de ' +
          'beurt is: je gooit een van je eigen gesloten kaarten erbovenop, omdat je denkt dat die dezelfde waarde heeft (een 7 op een 7, ' +
          'welke kleur ook; een heer alleen op een heer van dezelfde kleur). Op elke afgelegde kaart kan maar één keer worden meegelegd, ' +
          'en op een meegelegde kaart zelf niet.',
        'Klopt het, dan ben je die kaart kwijt en blijft die plek leeg. Klopt het niet, dan ziet iedereen je kaart, gaat hij terug naar ' +
          'zijn plek en krijg je een strafkaart van de stapel. Komt je meelegpoging pas binnen nadat de kaart al bedekt, genomen of door ' +
          'een ander meegelegd is, dan ben je te laat: dat kost dezelfde straf, maar je kaart wordt niet getoond, want hij is nooit neergelegd.',
        'Een afgelegde kaart blijft open voor meeleggen tot hij bedekt wordt door de volgende afgelegde kaart of van de aflegstapel ' +
          'genomen wordt, hoe lang dat ook duurt. Dat de volgende speler een kaart pakt, sluit hem niet af; pas zijn afgelegde kaart doet dat.',
        'Minimale meelegtijd (24 uur, tenzij de partij anders is ingesteld): spelers kijken hier uren na elkaar, dus een meelegpoging ' +
          'die binnen een dag na het neerleggen van een kaart binnenkomt, telt nog, ook als iemand de kaart intussen heeft bedekt. ' +
          'Je kaart komt dan direct boven de kaart te liggen waarop hij past. Neemt iemand de kaart van de stapel, of legt een ander er ' +
          "eerder op mee, dan is hij wel dicht. Zonder zo'n termijn mist een speler die een paar keer per dag kijkt veel kansen aan wie " +
          'toevallig online is: in een simulatie met één speler die altijd online was en drie die om de 1 tot 8 uur keken, benutten die ' +
          'drie 58% van hun kansen zonder termijn en 81% met 24 uur (de speler die altijd online was ongeveer 90%, in beide gevallen; niemand ' +
          'haalt 100%, want op elke afgelegde kaart kan maar één keer worden meegelegd). Wie de partij aanmaakt, kan de termijn korter maken ' +
          'of op 0 zetten voor partijen die live worden gespeeld.',
        'Proberen twee spelers tegelijk op dezelfde kaart mee te leggen, dan wint wie de server als eerste vastlegt; de ander geldt als te laat.',
        'Strafkaarten, en kaarten die je van een aas krijgt, komen op je eerste lege plek of op een nieuwe plek. Bij Bench ziet niemand ' +
          'een strafkaart. Bij Marmot zie je je eigen strafkaart wel.',
        'Bij Marmot mag je ook meeleggen met een kaart van een andere speler als je weet dat die past. Past hij, dan blijft hij op de ' +
          'aflegstapel liggen en krijgt de eigenaar op dezelfde plek een nieuwe kaart van de stapel, gesloten en ongezien, plus een ' +
          'strafkaart. Past hij niet, dan gaat hij open voor iedereen terug naar de eigenaar en krijg jij de strafkaart, zoals bij elke ' +
          'foute meelegpoging. De eigenaar ziet zijn strafkaart in zijn eigen weergave (als de geheugensteun aan staat), niet via een bericht van jou.',
      ],
    },
    {
      heading: 'Dutch roepen en het eind van een ronde',
      paragraphs: [
        'Roep Dutch aan het begin van je beurt, voordat je pakt, als je denkt dat jouw kaarten het minst waard zijn. Iedere andere speler ' +
          'krijgt dan nog precies één beurt, en de ronde is uit als het weer bij jou is. Zelf krijg je geen beurt meer, maar je mag nog ' +
          'meeleggen en je kaarten kunnen nog door een boer verwisseld worden.',
        'Daarna gaan alle kaarten open en wordt er geteld. Bij Bench: zit wie Dutch riep niet echt het laagst, dan krijgt hij een strafkaart ' +
          'van de stapel voor elke speler die evenveel of minder had. Bij Marmot: zit wie Dutch riep het laagst of gedeeld het laagst, dan trekt ' +
          'hij een bonuskaart waarvan de waarde van zijn score af gaat (een rondescore kan onder nul komen); anders trekt hij één strafkaart ' +
          'waarvan de waarde erbij komt.',
        'Geen kaarten meer: bij Bench wordt voor jou Dutch geroepen als je aan de beurt bent en geen kaarten hebt. Bij Marmot is de ronde ' +
          'afgelopen en wordt er geteld op het moment dat iemand geen kaarten meer heeft; wie Dutch riep en tijdens de laatste beurten ' +
          'al zijn kaarten kwijtraakt, krijgt de bonus nog steeds als hij het laagst zit.',
        'Is de stapel op, dan wordt de aflegstapel op de bovenste kaart na geschud tot een nieuwe stapel. Valt er zelfs dan niets te pakken ' +
          'als een beurt begint, dan is de ronde daar afgelopen en wordt er geteld.',
        'Na de laatste slotbeurt (en de krachten die die nog opleverde) wordt de ronde direct geteld, dus op de allerlaatste afgelegde kaart ' +
          'kan niemand meer meeleggen. Daarna wordt de volgende ronde vanzelf gedeeld.',
      ],
    },
    {
      heading: 'Het eind van het spel',
      paragraphs: [
        'De rondescores worden opgeteld. Aan het eind van de ronde waarin iemands totaal 100 haalt (of de eindscore die voor de partij ' +
          'gekozen is), is het spel voorbij en wint het laagste totaal.',
        'Gelijk laagste totaal: bij Bench wint wie in de laatste ronde lager scoorde (nog steeds gelijk: samen winnen); bij Marmot winnen ' +
          'de gelijken samen. De uitslag toont de kaarten en scores van elke ronde.',
      ],
    },
    {
      heading: 'Geheugensteun (standaard aan)',
      paragraphs: [
        'De site weet altijd welke kaarten een speler op een eerlijke manier gezien heeft: zijn eerste blik, een kijkje met een vrouw, ' +
          'een kaart die hij pakte en hield, een kaart die open van de aflegstapel kwam, een foute meelegpoging die iedereen zag. Niemand, ' +
          'ook de eigenaar niet, krijgt ooit een gesloten kaart te zien die hij niet zo gezien heeft. Verplaatst een boer een kaart, dan ' +
          'weet wie hem gezien had nog steeds wat het is, op zijn nieuwe plek: de hele tafel zag de ruil.',
        'Met de geheugensteun aan blijven de kaarten die je gezien hebt open op jouw scherm, en alleen op het jouwe. Staat hij uit, dan ' +
          'krijg je een kaart die je bekijkt één keer te zien, als antwoord op die zet, en bij je volgende bezoek ligt hij weer dicht; de ' +
          'pagina geeft dan alleen aan welke plekken je gezien hebt.',
        'De geheugensteun staat standaard aan, omdat een partij hier dagen duurt en geen minuten: een kaart van vorige week dinsdag ' +
          'onthouden is niet waar het spel om draait, en niets houdt een speler tegen om kaarten op te schrijven of een schermafbeelding te ' +
          'maken. Met de steun aan heeft iedereen dezelfde perfecte aantekeningen en beslissen de keuzes: wat je ruilt, wanneer je meelegt, ' +
          'wanneer je Dutch roept. Wie de pure geheugenuitdaging wil, zet hem uit bij het aanmaken van de partij.',
      ],
    },
    {
      heading: 'Termijnen',
      paragraphs: [
        'Verstrijkt de termijn van een speler, dan zet de site voor hem: aan het begin van een ronde bekijkt hij zijn eerste twee kaarten; ' +
          'aan het begin van een beurt pakt hij een kaart en legt die af, zodat de eigen kaarten blijven zoals ze waren; met een gepakte ' +
          'kaart in de hand legt hij die af; wacht er een kracht, dan slaat hij die over. Niemand wordt ooit gedwongen om mee te leggen.',
      ],
    },
    {
      heading: 'Extra Bench-regels naar keuze',
      paragraphs: [
        'Meeleggen met kaarten van anderen (uit, tenzij gekozen; Marmot heeft een eigen versie, zie hierboven): je mag een passende ' +
          'kaart van een andere speler meeleggen. Past hij, dan mag je die speler daarna een van je eigen kaarten gesloten geven; die komt ' +
          'op zijn eerste lege plek. Een foute of te late meelegpoging met andermans kaart kost een dubbele straf.',
        'Laatste vrouw (uit, tenzij gekozen): legt de laatste speler die na een Dutch-roep een slotbeurt krijgt in die beurt een vrouw op ' +
          'de aflegstapel, dan gaan de slotbeurten nog een keer rond (wie Dutch riep, doet weer niet mee).',
      ],
    },
    {
      heading: 'Keuzes van deze site waar de gedrukte regels niets zeggen',
      paragraphs: [
        'Meeleggen gaat op waarde, en bij heren ook op kleur. Bij beide regelsets kan er op elke afgelegde kaart maar één keer worden meegelegd.',
        'Elke kaart die een speler op de aflegstapel legt (afgelegd, vervangen of meegelegd) geeft die speler zijn kracht; de eerste kaart ' +
          'van de deler niet. Krachten zijn niet verplicht en gaan op volgorde: wat het eerst neerkwam, het eerst.',
        'Dutch roepen mag in elke beurt, ook je eerste, maar alleen voordat je pakt.',
        'Te laat meeleggen kost de straf zonder dat je kaart getoond wordt; fout meeleggen laat hem aan iedereen zien.',
        'Strafkaarten en kaarten van een aas vullen je eerste lege plek, of beginnen een nieuwe.',
        'Een lege stapel wordt aangevuld uit de aflegstapel onder de bovenste kaart; valt er dan nog niets te pakken als een beurt begint, ' +
          'dan is de ronde uit en wordt er geteld.',
        'Bij Marmot beëindigt elke speler die door zijn kaarten heen is de ronde meteen, ook tijdens de slotbeurten; is er Dutch geroepen, ' +
          'dan geldt de bonus of straf voor de roeper nog steeds.',
        'Een meelegpoging op een kaart uit een ronde die al voorbij is, wordt gewoon geweigerd, zonder straf.',
        'Buiten je beurt naar kaarten kijken kan op deze site niet, dus de straf daarvoor is nooit nodig.',
        'Bij Marmot kost goed meeleggen met de kaart van een ander de eigenaar de vervangende kaart en de strafkaart, en de meelegger niets; ' +
          'fout of te laat kost de meelegger één strafkaart (niet dubbel, zoals bij de Bench-optie). Wie een krachtkaart meelegt, krijgt zijn kracht.',
      ],
    },
  ],
};
