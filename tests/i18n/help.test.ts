/**
 * The rules help in every language: for each game, the Dutch help (shared/games/<id>/help/nl.ts)
 * has the shape of the English one (same sections in the same order, same number of paragraphs),
 * no empty text, and no English left in it (no sentence of the English help, no common English
 * words). The game's page module loads the help in the language asked for, English for the
 * pseudo-locale. The checks are also run on broken help, so they are shown to fail.
 */
import { describe, expect, it } from 'vitest';
import type { RulesHelp } from '#shared/engine/help.js';
import { GAME_IDS, type GameId } from '#shared/games/ids.js';
import { rulesHelp as auctionEn } from '#shared/games/dutch-auction/help/en.js';
import { rulesHelp as auctionNl } from '#shared/games/dutch-auction/help/nl.js';
import { rulesHelp as memoryEn } from '#shared/games/dutch-memory/help/en.js';
import { rulesHelp as memoryNl } from '#shared/games/dutch-memory/help/nl.js';
import { DEFAULT_SNAP_WINDOW_MS, HOUR_MS } from '#shared/games/dutch-memory/presets.js';
import { rulesHelp as goldenEn } from '#shared/games/golden-age/help/en.js';
import { rulesHelp as goldenNl } from '#shared/games/golden-age/help/nl.js';
import { rulesHelp as goldenLegacy } from '#shared/games/golden-age/help.js';
import { rulesHelp as auctionLegacy } from '#shared/games/dutch-auction/help.js';
import { rulesHelp as memoryLegacy } from '#shared/games/dutch-memory/help.js';
import { dutchAuctionUi } from '../../web/src/games/dutch-auction/index.js';
import { dutchMemoryUi } from '../../web/src/games/dutch-memory/index.js';
import { goldenAgeUi } from '../../web/src/games/golden-age/index.js';
import type { GameUi } from '../../web/src/games/types.js';

interface Case {
  id: GameId;
  en: RulesHelp;
  nl: RulesHelp;
  ui: GameUi;
}
// Keyed by the game ids, so a game without its help here does not compile.
const HELP: Record<GameId, Omit<Case, 'id'>> = {
  'golden-age': { en: goldenEn, nl: goldenNl, ui: goldenAgeUi },
  'dutch-auction': { en: auctionEn, nl: auctionNl, ui: dutchAuctionUi },
  'dutch-memory': { en: memoryEn, nl: memoryNl, ui: dutchMemoryUi },
};
const GAMES: Case[] = GAME_IDS.map((id) => ({ id, ...HELP[id] }));

const texts = (h: RulesHelp) => [h.title, h.intro, ...h.sections.flatMap((s) => [s.heading, ...s.paragraphs])];
const sentences = (h: RulesHelp) =>
  texts(h)
    .flatMap((t) => t.split(/(?<=[.!?:;])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length >= 20);
/** Words common in English prose and never Dutch ("of" and "is" are Dutch too). */
const ENGLISH = /\b(the|and|you|your|with|when|which|they|their|this|that|from|does|must|may|each|every|cards)\b/i;

/** Every way `nl` differs in shape from `en`, or keeps English, as readable lines (empty: none). */
function helpFaults(en: RulesHelp, nl: RulesHelp): string[] {
  const out: string[] = [];
  if (nl.sections.length !== en.sections.length) out.push(`sections: ${nl.sections.length} for ${en.sections.length}`);
  en.sections.forEach((s, i) => {
    const n = nl.sections[i];
    if (n && n.paragraphs.length !== s.paragraphs.length)
      out.push(`section ${i} (${s.heading}): ${n.paragraphs.length} paragraphs for ${s.paragraphs.length}`);
  });
  for (const t of texts(nl)) if (t.trim() === '') out.push('an empty text');
  const all = texts(nl).join('\n');
  for (const s of sentences(en)) if (all.includes(s)) out.push(`English sentence kept: ${s}`);
  for (const t of texts(nl)) {
    const m = ENGLISH.exec(t);
    if (m) out.push(`English word "${m[0]}" in: ${t.slice(0, 60)}`);
  }
  return out;
}

describe('rules help per language', () => {
  it.each(GAMES)('$id: the Dutch help has the English shape and no English left', ({ en, nl }) => {
    expect(helpFaults(en, nl)).toEqual([]);
  });

  it.each(GAMES)('$id: the page module loads the help in the language asked for', async ({ id, en, nl, ui }) => {
    const edition = id === 'dutch-auction' ? { edition: 'current' } : undefined;
    const dutch = await ui.help!(edition, 'nl');
    const english = await ui.help!(edition, 'en');
    const pseudo = await ui.help!(edition, 'en-XA');
    expect(dutch.title).toBe(nl.title);
    expect(dutch.sections[0]!.heading).toBe(nl.sections[0]!.heading);
    expect(english.title).toBe(en.title);
    expect(pseudo.title).toBe(en.title);
    expect(helpFaults(english, dutch).filter((f) => f.startsWith('English'))).toEqual([]);
  });

  it('the auction: a Dutch match help shows its own edition only, with no English', async () => {
    const current = await dutchAuctionUi.help!({ edition: 'current' }, 'nl');
    const old = await dutchAuctionUi.help!({ edition: '2018' }, 'nl');
    const [c, o] = [JSON.stringify(current), JSON.stringify(old)];
    expect(c).not.toMatch(/2018|inzet|editie:/i);
    expect(o).not.toMatch(/huidige editie|kleurwissel|editie:/i);
    expect(c).toContain('Deze partij speel je met de huidige editie');
    expect(o).toContain('Deze partij speel je met het prototype van 2018');
    expect(c).toContain('(9 kaarten)');
    expect(o).toContain('(8 kaarten)');
    expect(c).toContain('Voor elke kleur die je bezit, krijg je er als bonus');
    expect(o).toContain('Voor elke kleur waarvan je zes of meer kaarten hebt, krijg je er 10 punten bij');
    for (const h of [current, old]) {
      expect(h.sections.map((s) => s.heading)).toContain('Gelijke biedingen');
      expect(h.sections.map((s) => s.heading)).toContain('Krachten');
      expect(helpFaults(h, h).filter((f) => f.startsWith('English word') || f === 'an empty text')).toEqual([]);
    }
    // The same sections as the English help of that edition.
    for (const e of ['current', '2018'] as const) {
      const en = await dutchAuctionUi.help!({ edition: e }, 'en');
      const nl = e === 'current' ? current : old;
      expect(nl.sections.length).toBe(en.sections.length);
    }
  });

  it('the memory game: the Dutch help says what the engine does, like the English (tests/games/dutch-memory/help.test.ts)', () => {
    const paragraphs = memoryNl.sections.flatMap((s) => s.paragraphs);
    const saying = (...words: RegExp[]) => paragraphs.filter((p) => words.every((w) => w.test(p)));
    expect(saying(/heer/, /dezelfde kleur/, /meeleg/).length).toBeGreaterThan(0);
    expect(saying(/Marmot/, /andere speler/, /eigenaar/, /strafkaart/, /dezelfde plek/).length).toBeGreaterThan(0);
    expect(saying(/Marmot/, /deelt|delen/, /lot/).length).toBeGreaterThan(0);
    expect(saying(new RegExp(`${DEFAULT_SNAP_WINDOW_MS / HOUR_MS} uur`), /meelegtijd/).length).toBeGreaterThan(0);
    expect(memoryNl.sections.map((s) => s.heading)).toContain('Geheugensteun (standaard aan)');
  });

  it('help.ts still gives the English help to the server and tests', () => {
    expect(goldenLegacy).toBe(goldenEn);
    expect(auctionLegacy).toBe(auctionEn);
    expect(memoryLegacy).toBe(memoryEn);
  });

  it('the checks find a missing section, a missing paragraph, an empty text and English left in', () => {
    const nl = goldenNl;
    expect(helpFaults(goldenEn, { ...nl, sections: nl.sections.slice(1) })).not.toEqual([]);
    const fewer = nl.sections.map((s, i) => (i === 0 ? { ...s, paragraphs: s.paragraphs.slice(1) } : s));
    expect(helpFaults(goldenEn, { ...nl, sections: fewer })).toEqual([expect.stringContaining('paragraphs')]);
    expect(helpFaults(goldenEn, { ...nl, intro: '' })).toContain('an empty text');
    const pasted = nl.sections.map((s, i) =>
      i === 0 ? { ...s, paragraphs: [goldenEn.sections[0]!.paragraphs[0]!, ...s.paragraphs.slice(1)] } : s,
    );
    expect(helpFaults(goldenEn, { ...nl, sections: pasted }).some((f) => f.startsWith('English sentence'))).toBe(true);
    expect(helpFaults(goldenEn, { ...nl, title: 'De Gouden Eeuw: the rules' })).toEqual([expect.stringContaining('English word')]);
  });
});
