/**
 * The plain board for games without a page of their own: the legal moves as buttons, grouped by
 * kind, with readable labels; select one, then make it. The game's view is shown as text. The labels
 * are the moves' own field names (data, marked not to translate); the board's words are the site's.
 */
import { useMemo, useState } from 'preact/hooks';
import { t, useLang } from '../../i18n.js';
import type { BoardProps } from '../types.js';
import { moveGroup, moveLabel } from './labels.js';

/** More buttons than this in one group get a filter box. */
const FILTER_FROM = 24;

export function GenericBoard({ match, submit, busy }: BoardProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const moves = match.legalMoves;
  const lang = useLang();
  const labels = useMemo(() => moves.map(moveLabel), [moves, lang]);
  const groups = useMemo(() => {
    const g = new Map<string, number[]>();
    moves.forEach((m, i) => {
      const k = moveGroup(m);
      g.set(k, [...(g.get(k) ?? []), i]);
    });
    return [...g.entries()];
  }, [moves]);
  const pick = chosen !== null && chosen < moves.length ? chosen : null;
  const needle = filter.trim().toLowerCase();

  return (
    <div class="generic-board">
      {moves.length > 0 ? (
        <section class="zone" aria-labelledby="moves-h">
          <h2 id="moves-h">{t('match.board.options')}</h2>
          {moves.length > FILTER_FROM && (
            <label class="field">
              <span>{t('match.board.filter')}</span>
              <input type="search" value={filter} onInput={(e) => setFilter((e.target as HTMLInputElement).value)} />
            </label>
          )}
          {groups.map(([group, idx]) => (
            <fieldset key={group} class="move-group">
              <legend translate={false}>{group}</legend>
              <div class="buttons">
                {idx
                  .filter((i) => !needle || labels[i]!.toLowerCase().includes(needle))
                  .map((i) => (
                    <button
                      type="button"
                      key={i}
                      class="move"
                      translate={false}
                      aria-pressed={pick === i ? 'true' : 'false'}
                      onClick={() => setChosen(pick === i ? null : i)}
                    >
                      {labels[i]}
                    </button>
                  ))}
              </div>
            </fieldset>
          ))}
          <div class="actionbar">
            <p>{pick === null ? t('match.board.pick') : t('match.board.picked', { move: labels[pick]! })}</p>
            <button
              type="button"
              class="primary"
              disabled={pick === null || busy}
              onClick={async () => {
                if (pick !== null && (await submit(moves[pick]))) setChosen(null);
              }}
            >
              {t('match.board.make')}
            </button>
          </div>
        </section>
      ) : null}
      <details class="pile">
        <summary>{t('match.board.view')}</summary>
        <pre class="view-json" translate={false}>
          {JSON.stringify(match.view, null, 2)}
        </pre>
      </details>
    </div>
  );
}
