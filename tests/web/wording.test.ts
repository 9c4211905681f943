/**
 * Words the pages show, checked against the engines' real states: the bid's totals with the
 * winner's first, plain power words on 2018 cards, a useful hint after picking a power card, the
 * rules help of one edition only, and how "my matches" names a result and an edition.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITION_DATA } from '#shared/games/dutch-auction/cards.js';
import { cardName } from '../../web/src/games/dutch-auction/logic.js';
import { rulesHelp } from '#shared/games/dutch-auction/help.js';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import type { DutchAuctionState } from '#shared/games/dutch-auction/state.js';
import { viewEvent } from '#shared/games/dutch-auction/view.js';
import { cardLabel, faceText } from '../../web/src/games/dutch-auction/Card.js';
import { helpForEdition } from '../../web/src/games/dutch-auction/help.js';
import { type DutchAuctionView, actionsFor, selectionHint } from '../../web/src/games/dutch-auction/logic.js';
import { resultWords, variantWords } from '../../web/src/text.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';
import { english } from '../support/words.js';

// The page's words come from the English catalog (until it is loaded, `t` answers keys).
// The auction board's words come with its catalog (loaded with the board on the page).
beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('dutch-auction');
});

describe('wording', () => {
  it('the bid is told with the winner’s total first, whichever seat won', () => {
    expect(english(viewEvent({ type: 'bid-won', winner: 1, totals: [5, 7] }, 0))).toBe('Bob wins the bid (7 to 5) and acts first.');
    expect(english(viewEvent({ type: 'bid-won', winner: 0, totals: [9, 4] }, 1))).toBe('Ann wins the bid (9 to 4) and acts first.');
  });

  it('2018 power cards say their power in plain words, on the face and to screen readers', () => {
    const all = Object.keys(EDITION_DATA['2018'].byId);
    const words = all.map((id) => `${faceText('2018', id)} | ${cardLabel('2018', id)}`);
    for (const w of words) expect(w).not.toMatch(/take A\b|A\/D|take D\b|\+1 use/);
    const take8 = all.find((id) => EDITION_DATA['2018'].byId[id]!.takeFrom?.join() === 'auction-discards')!;
    expect(faceText('2018', take8)).toContain('take, from auction pile');
    expect(cardLabel('2018', take8)).toContain('power: take a card of its suit from the auction discards');
    const dup = all.find((id) => EDITION_DATA['2018'].byId[id]!.powers?.includes('duplicate'))!;
    expect(faceText('2018', dup)).toContain('extra use');
    expect(cardLabel('2018', dup)).toContain('give a power card of its suit one more use');
  });

  it('after picking a power card the hint names what it can act on', () => {
    let found = 0;
    for (let i = 0; i < 300 && found < 3; i++) {
      let s: DutchAuctionState = dutchAuction.setup(2, { edition: 'current' }, `hint-${i}`);
      for (const seat of [0, 1]) {
        const r = dutchAuction.apply(s, seat, dutchAuction.legalMoves(s, seat)[0]!, { now: 0 });
        if (!r.ok) throw new Error(r.error.message);
        s = r.value.state;
      }
      const seat = s.active!;
      const legal = dutchAuction.legalMoves(s, seat);
      const power = legal.find((m) => m.kind === 'power');
      if (power?.kind !== 'power') continue;
      found++;
      const view = dutchAuction.view(s, seat) as DutchAuctionView;
      const picked = new Set([power.card]);
      expect(actionsFor(view, legal, picked)).toEqual([]);
      const hint = selectionHint(view, legal, picked)!;
      expect(hint.startsWith(`Now select the card the ${cardName(power.card)} acts on: `)).toBe(true);
      expect(hint).toContain(cardName(power.target));
      expect(hint).not.toContain('No action uses exactly these cards');
    }
    expect(found).toBe(3);
  });

  it('the rules help of a match shows its own edition only', () => {
    const current = JSON.stringify(helpForEdition(rulesHelp, 'current'));
    const old = JSON.stringify(helpForEdition(rulesHelp, '2018'));
    expect(current).not.toMatch(/2018|offering/);
    expect(old).not.toMatch(/current edition|Current edition/);
    expect(current).toContain('played with the current edition');
    expect(old).toContain('played with the 2018 prototype');
    expect(current).toContain('for each suit you own, add a bonus'.replace(/^f/, 'F'));
    expect(old).toContain('Add 10 VP for each suit');
    for (const h of [current, old]) expect(h).toContain('Tied bids');
  });

  it('my matches: results and editions in words', () => {
    const seats = [{ name: 'Ann' }, { name: 'Bob' }];
    expect(resultWords({ winners: [0], scores: [31, 24] }, seats, 0)).toBe('You won 31 to 24.');
    expect(resultWords({ winners: [1], scores: [20, 26] }, seats, 0)).toBe('Bob won 26 to 20.');
    expect(resultWords({ winners: [0, 1], scores: [20, 20] }, seats, 0)).toBe('You shared the win with Bob (you scored 20).');
    expect(resultWords({ winners: [1], reason: 'resigned', seat: 0 }, seats, 0)).toBe('Bob won — you resigned.');
    expect(variantWords('dutch-auction', { edition: '2018' })).toEqual({ label: 'Edition', value: '2018 prototype' });
    expect(variantWords('dutch-auction', {})).toEqual({ label: 'Edition', value: 'current edition' });
    expect(variantWords('dutch-memory', { preset: 'marmot' })).toEqual({ label: 'Rule set', value: 'Marmot rules' });
    expect(variantWords('golden-age', {})).toBeNull();
  });
});
