/**
 * Every face of the memory game's cards, drawn as the buttons the board makes of them, passes axe in
 * real Chromium. A card's drawing shows its rank in two corners (and a court card's letter in the
 * middle); a button's visible text must be part of its label (WCAG 2.5.3, axe's
 * label-content-name-mismatch), so the corners are drawn by reference and count once.
 */
import { readFileSync } from 'node:fs';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RANKS, SUITS, type CardFace } from '#shared/games/dutch-memory/cards.js';
import { PlayingCard, faceWords } from '../../web/src/games/dutch-memory/Card.js';
import { axeViolations } from './support/axe.js';
import { browserForFile } from './support/e2e.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';

// The board's words (and the card names the test looks for) from the English catalog.
beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('dutch-memory');
});

let browser: Browser;
beforeAll(async () => {
  browser = await browserForFile();
});
afterAll(async () => browser?.close());

for (const lang of ['en', 'nl'] as const) {
  it(`face-up cards as buttons: their names include what they show (${lang})`, async () => {
    await loadLanguage(lang);
    await loadGameWords('dutch-memory');
    const faces = SUITS.flatMap((suit) =>
      RANKS.map((rank, i): CardFace => ({ id: `${rank}${suit}`, rank, suit, value: i + 1 }) as CardFace),
    );
    const cards = faces.map((face, i) =>
      renderToString(h(PlayingCard, { face, size: i % 2 ? 'md' : 'lg', label: `${i + 1}: ${faceWords(face)}`, onClick: () => {} })),
    );
    // The Dutch corners say B, V, H for Jack, Queen, King, as Dutch decks do (and the names: boer, vrouw, heer).
    expect(faceWords(faces[11]!)).toBe(lang === 'nl' ? 'klaveren vrouw, 12 punten' : 'Queen of clubs, 12 points');
    expect(cards[11]).toContain(lang === 'nl' ? '>V</text>' : '>Q</text>');
    const css = readFileSync('web/src/games/dutch-memory/board.css', 'utf8');
    const page = await browser.newPage();
    await page.setContent(
      `<!doctype html><html lang="${lang}"><head><title>Cards</title><style>${css}</style></head><body><main class="dm"><h1>Cards</h1>${cards.join('')}</main></body></html>`,
    );
    expect(await page.locator('button.dm-card').count()).toBe(52);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
    await loadLanguage('en');
  });
}
