/**
 * Player names, the player page and presence on seats, in real headless Chromium on a phone, in English
 * and in Dutch, against the local app with its player part (DynamoDB Local, sign-in mails in the dev outbox): the
 * account page's name choice, the seat of a signed-in player showing their name (a link to their page) and
 * "online now", the player page; axe finds nothing on either page in either language.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite, signInByLink } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const env = e2eSite('players-web', { notify: true, players: true });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('names, the player page and presence', () => {
  for (const lang of ['en', 'nl'] as const) {
    it(`chooses a name, shows it with presence on the seat and on the player page (${lang}, phone)`, async () => {
      const words =
        lang === 'en'
          ? {
              label: 'Player name',
              save: 'Save name',
              saved: 'Saved.',
              online: 'online now',
              member: 'Member since',
              games: 'Games',
              vacation: 'Vacation days',
              left: '20 days left to spend',
            }
          : {
              label: 'Spelersnaam',
              save: 'Naam bewaren',
              saved: 'Bewaard.',
              online: 'nu online',
              member: 'Lid sinds',
              games: 'Spellen',
              vacation: 'Vakantiedagen',
              left: 'Nog 20 dagen te besteden',
            };
      const name = lang === 'en' ? 'Ann Phone' : 'Anke Telefoon';
      const ctx = await env.browser.newContext({ ...PHONE, locale: lang === 'en' ? 'en-GB' : 'nl-NL' });
      const p = await ctx.newPage();
      try {
        const match = await makeMatch(env.server.url, 'secret-sums', ['typed', 'Bob']);
        // The seat is in this browser's "my matches", as its link would have put it; signing in claims it.
        await p.goto(env.server.url);
        await p.evaluate(
          (s) => {
            localStorage.setItem('dutch:v1:seats', JSON.stringify([{ ...s, updatedAt: Date.now() }]));
          },
          { matchId: match.matchId, seat: 0, token: match.seats[0]!.token },
        );
        await signInByLink(env, p, `ann.${lang}@example.com`);

        await p.goto(`${env.server.url}/account`);
        await p.getByRole('textbox', { name: words.label, exact: true }).fill(name);
        await p.getByRole('button', { name: words.save }).click();
        await p.getByText(words.saved).waitFor();
        // The vacation bank: full, in the page's language, with the dates to take days ahead.
        const bank = p.locator('section[data-vacation-days="20"]');
        await bank.getByRole('heading', { name: words.vacation }).waitFor();
        expect(await bank.innerText()).toContain(words.left);
        await expectAccessible(p, `the account page (${lang})`);

        // The match page: the claimed seat shows the player's name, linked to their page, and that they are here.
        await p.goto(match.seats[0]!.url);
        const presence = p.locator('.players .presence').first();
        await presence.getByRole('link', { name }).waitFor();
        expect(await presence.innerText()).toContain(words.online);
        await expectAccessible(p, `the match page with presence (${lang})`);

        await presence.getByRole('link', { name }).click();
        await p.getByRole('heading', { name, level: 1 }).waitFor();
        const main = await p.locator('main').innerText();
        expect(main).toContain(words.member);
        expect(main).toContain(words.online);
        expect(main).toContain(words.games);
        // The page itself (the site bar shows the viewer their own address) holds no address.
        expect((await p.locator('main > p, main section').allInnerTexts()).join('\n')).not.toContain('@example.com');
        await expectAccessible(p, `the player page (${lang})`);
      } finally {
        await ctx.close();
      }
    });
  }
});
