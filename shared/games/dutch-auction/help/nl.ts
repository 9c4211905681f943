/**
 * De spelregels voor spelers, in het Nederlands en in onze eigen woorden, met de keuzes die deze
 * site maakt waar de gedrukte regels een vraag openlaten. Zelfde opbouw als ./en.ts. De tekst
 * beschrijft beide edities; web/src/games/dutch-auction/help-nl.ts toont er één, en herkent daarvoor
 * "Huidige editie:" en "Editie 2018:" aan het begin van een alinea of zin, "(in 2018: …)" tussen
 * haakjes, "inzet" (alleen 2018) en "kleurwissel" (alleen de huidige editie).
 */
import type { RulesHelp } from '../help.js';

export const rulesHelp: RulesHelp = {
  title: 'Dutch (het veiling- en stapelbouwspel van Richard Hoile)',
  intro:
    'Twee spelers bouwen elk een eigen stapel op door kaarten te kopen uit een veilingrij, waarin een kaart goedkoper wordt naarmate hij langer ligt. ' +
    'De kaarten waarmee je biedingen wint, je kaarten beschermt of die van je tegenstander inpikt, zijn zelden de kaarten die aan het eind veel punten waard zijn: ' +
    'elke ronde is dus een afweging. Er zijn twee edities: de huidige (standaard) en het prototype van 2018.',
  sections: [
    {
      heading: 'De kaarten',
      paragraphs: [
        'Het spel telt 40 kaarten: tien groene, tien rode, tien roze en tien blauwe. Elke kleur is op dezelfde manier samengesteld.',
        'Huidige editie: de kaarten 1 tot en met 8 bieden hun getal; de 1 is 8 punten waard, de 2 er 7, en zo verder tot de 8, die 1 punt waard is. ' +
          'De twee krachtkaarten van elke kleur bieden niets en leveren niets op, maar kunnen elk één keer per ronde een kunstje doen.',
        'Editie 2018: de kaarten 1 tot en met 10 bieden hun getal. Ze leveren 11, 7, 4, 2, 1, -1, -2, -4, -7 en -11 punten op, ' +
          'dus wie sterk biedt, levert punten in. De kaarten 6 tot en met 10 hebben ook een kracht: de 6 verzilvert, de 7 verdubbelt, ' +
          'de 8 pakt een kaart van de veilingaflegstapel, de 9 van je eigen aflegstapel en de 10 van een van beide.',
      ],
    },
    {
      heading: 'Zo begin je',
      paragraphs: [
        'Alle kaarten worden geschud. Elke speler krijgt een eigen stapel (9 kaarten in de huidige editie, 8 in 2018) en ' +
          'pakt daar vijf kaarten van als hand. De overige kaarten vormen de gesloten veilingstapel; daarvan gaan er zes open in een rij: ' +
          'de uitstalling. De kaart op plek 1 kost één kaart, die op plek 2 kost er twee, en zo verder tot zes.',
      ],
    },
    {
      heading: 'Je keuze verzegelen (fase 1 en 2)',
      paragraphs: [
        'Beide spelers kiezen tegelijk, in één verzegelde zet: één kaart uit je hand die je gesloten bovenop je eigen stapel legt, ' +
          'en een bod. Geen van beiden komt iets te weten over de keuze van de ander voordat allebei verzegeld hebben; daarna worden de biedingen samen omgedraaid.',
        'Huidige editie: je bod bestaat gewoon uit de vier andere kaarten; krachtkaarten tellen daarin voor nul.',
        'Editie 2018: je biedt zoveel van de vier andere kaarten als je wilt, van geen enkele tot alle vier. Wat je niet biedt, houd je in je hand, ' +
          'zonder dat je tegenstander het ziet, zodat je een krachtkaart daartussen in fase 3 om zijn kracht kunt spelen.',
        'Het hoogste totaal wint het bod en is in fase 3 als eerste aan de beurt. Hier tellen alleen biedwaarden, kleuren doen er niet toe.',
      ],
    },
    {
      heading: 'Gelijke biedingen',
      paragraphs: [
        'Is het gelijk, dan schuift elke speler de bovenste kaart van zijn eigen stapel bij zijn bod (de kaart die je net opzij legde gaat als eerste), ' +
          'en worden de totalen opnieuw vergeleken, zo vaak als nodig.',
        'Wat deze site doet waar de regels niets over zeggen: is de eigen stapel van een speler leeg op het moment dat er een kaart bij moet, ' +
          'dan schudt die speler eerst zijn aflegstapel tot een nieuwe stapel, net als bij het pakken van een hand. ' +
          'Heeft een speler geen stapel en geen afgelegde kaarten meer, dan voegt hij die stap niets toe terwijl de ander wel bijlegt. ' +
          'Kan geen van beiden nog een kaart bijleggen en is het nog steeds gelijk, dan beslist een eerlijke munt (uit het vastgelegde toeval van de partij) wie het bod wint.',
        'Editie 2018: kaarten die je bijlegt om een gelijkspel te breken, tellen net als de rest van het bod alleen om hun biedwaarde.',
      ],
    },
    {
      heading: 'Fase 3: krachten en aankopen',
      paragraphs: [
        'Wie het bod won, begint en doet zoveel acties als hij wil, in elke volgorde, en beëindigt dan zijn beurt; daarna doet de verliezer hetzelfde. ' +
          'Krachten mag je gebruiken voor, tussen en na je aankopen.',
        'Kopen: kies een kaart uit de uitstalling en geef zoveel kaarten uit je bod af als het nummer van zijn plek. Een betaalkaart in dezelfde kleur als de gekochte kaart ' +
          'gaat naar je eigen aflegstapel; elke andere betaalkaart gaat naar de veilingaflegstapel. De gekochte kaart gaat altijd naar je eigen aflegstapel, ' +
          'nooit in je bod. Je mag kopen zo vaak als je kunt betalen.',
        'De verliezer van het bod mag zijn beurt niet beëindigen zolang de kaart op plek 1 er nog ligt en hij die kan betalen met een kaart in zijn bod ' +
          '(in 2018: of met een krachtkaart in zijn hand die hij nog kan spelen). Zolang die kaart niet gekocht is, mag de verliezer ook geen andere aankoop doen ' +
          'waarmee de laatste kaarten opgaan die hem nog zouden kunnen betalen. Voor de winnaar geldt die plicht niet. Wie de kaart met een kracht pakt, is ook van de plicht af.',
        'Beëindig je je beurt, dan gaat alles wat nog in je bod ligt naar je eigen aflegstapel ' +
          '(in 2018: net als elke kaart die je in je hand hield en niet speelde).',
      ],
    },
    {
      heading: 'Krachten, huidige editie',
      paragraphs: [
        'Elke krachtkaart in je bod mag je één keer per ronde gebruiken, voor een van deze dingen, en steeds op een kaart in de kleur van die krachtkaart zelf: ' +
          'een andere kaart uit je bod verzilveren (die gaat uit het spel, maar telt aan het eind wel mee); een andere kaart uit je bod van kleur laten wisselen ' +
          'zolang hij in je bod ligt; een kaart van de veilingaflegstapel, je eigen aflegstapel of de uitstalling in je bod nemen; of, alleen voor de winnaar van het bod, ' +
          'een kaart uit het bod van de verliezer naar je eigen bod stelen.',
        'Komt er door pakken of stelen een krachtkaart in je bod, dan mag je die daarna ook gebruiken, ook als hij eerder al gebruikt was. ' +
          'Een kaart die van kleur gewisseld is, geldt deze ronde voor alles als zijn nieuwe kleur: ook voor welke krachtkaarten erop mogen werken en voor waar hij heen gaat als je ermee betaalt.',
        'Gebruikte krachtkaarten blijven in je bod liggen en kun je nog steeds gebruiken om aankopen te betalen.',
      ],
    },
    {
      heading: 'Krachten, editie 2018',
      paragraphs: [
        'Een 6 tot en met 10 die je in je hand hebt gehouden, kun je spelen in je inzet (je bod plus de kaarten die je om hun kracht speelt); ' +
          'hij krijgt dan één keer gebruik van zijn kracht, meteen of later in je beurt. Een kaart die je geboden hebt, telt alleen om zijn waarde: ' +
          'zijn kracht kun je die ronde niet gebruiken.',
        'De 6 verzilvert een andere kaart van zijn kleur uit je inzet. De 7 geeft een andere krachtkaart van zijn kleur in je inzet één extra gebruik ' +
          '(een gebruikte kaart mag dan nog een keer, een ongebruikte twee keer). De 8 haalt een kaart van zijn kleur van de veilingaflegstapel in je inzet, ' +
          'de 9 van je eigen aflegstapel en de 10 van een van beide. Een krachtkaart die je zo binnenhaalt, krijgt zelf ook een keer gebruik van zijn kracht.',
      ],
    },
    {
      heading: 'Aanvullen en de volgende hand (fase 4 en 5)',
      paragraphs: [
        'Als beide spelers klaar zijn, schuiven de overgebleven kaarten van de uitstalling zonder gaten op richting plek 1, ' +
          'en worden de lege plekken aangevuld uit de veilingstapel.',
        'Daarna pakt elke speler vijf kaarten van zijn eigen stapel, te beginnen met de kaart die hij opzij had gelegd. Liggen er minder dan vijf, ' +
          'dan wordt eerst de eigen aflegstapel geschud en onder de resterende kaarten gelegd (de regels van 2018 zeggen niet hoe een stapel wordt aangevuld, ' +
          'dus beide edities doen het zo). Heb je in stapel en aflegstapel samen minder dan vijf kaarten, dan pak je wat er is.',
      ],
    },
    {
      heading: 'Einde en telling',
      paragraphs: [
        'Het spel is afgelopen als aan het eind van fase 3 van een ronde de veilingstapel leeg is en de uitstalling ook leeg is of niemand die ronde iets kocht.',
        'Iedereen telt de punten van al zijn kaarten op, waar ze ook liggen, verzilverde kaarten inbegrepen. Huidige editie: voor elke kleur die je bezit, ' +
          'krijg je er als bonus de punten van je laagst scorende kaart van die kleur bij. Editie 2018: voor elke kleur waarvan je zes of meer kaarten hebt, krijg je er 10 punten bij.',
        'Wie de meeste punten heeft, wint. Bij gelijke punten wint wie minder kaarten heeft; is ook dat gelijk, dan winnen ze samen.',
      ],
    },
    {
      heading: 'Wat je ziet',
      paragraphs: [
        'Iedereen ziet de uitstalling, de veilingaflegstapel, hoeveel kaarten de veilingstapel nog telt, beide biedingen zodra ze open zijn ' +
          'en alle verzilverde kaarten. Je ziet je eigen hand, je eigen aflegstapel en welke kaarten er in je eigen stapel zitten ' +
          '(in een vaste volgorde, want niemand weet hoe de stapel ligt), maar van de hand, stapel en aflegstapel van je tegenstander alleen hoeveel het er zijn. ' +
          'Kijken in je eigen stapel verandert hier niets aan de stapel: de kaart die je opzij legde, blijft bovenop.',
      ],
    },
    {
      heading: 'Andere keuzes van deze site',
      paragraphs: [
        'Bij een kleurwissel moet je een andere kleur kiezen dan de kaart al heeft. Editie 2018: een krachtkaart die je in je hand hield, speel je eerst in je inzet, ' +
          'en pas in een aparte stap gebruik je hem. Een verdubbeling mag alleen gericht zijn op een krachtkaart die in je inzet in het spel is, niet op een kaart die je geboden hebt.',
        'Is je hand leeg (dat kan na veel verzilveren), dan verzegel je een lege keuze en bied je niets.',
        'Verstrijkt je termijn, dan speelt de site voor je: hij legt de eerste kaart van je hand opzij en biedt de rest, ' +
          'en in fase 3 beëindigt hij je beurt, nadat hij eerst de kaart op plek 1 heeft gekocht als je dat verplicht bent.',
      ],
    },
  ],
};
