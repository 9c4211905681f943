/**
 * A computer player standing in for one's own seat: the offer to hand the seat over while away
 * (with the level), and, while a computer plays for this player, a notice near the top of the page
 * that says so, why (a missed deadline, or they asked), and how to take the seat back — the button,
 * or simply their next move.
 */
import { LevelField } from '../LevelField.js';
import { useState } from 'preact/hooks';
import { DEFAULT_BOT_LEVEL } from '../../bots.js';
import { t } from '../../i18n.js';
import type { BotLevel, SeatBot } from '../../types.js';

/** Shown while a computer plays this player's seat. */
export function StandInNotice({ bot, busy, onTakeBack }: { bot: SeatBot; busy: boolean; onTakeBack: () => void }) {
  const why = t(bot.standIn === 'deadline' ? 'match.standIn.deadline' : 'match.standIn.asked', { level: bot.level });
  return (
    <section class="notice standin" data-standin={bot.standIn} aria-labelledby="standin-h">
      <h2 id="standin-h">{t('match.standIn.title')}</h2>
      <p>{why}</p>
      <p>{t('match.standIn.until')}</p>
      <button type="button" class="primary" disabled={busy} onClick={onTakeBack}>
        {t('match.standIn.takeBack')}
      </button>
    </section>
  );
}

/** The offer to let a computer player make one's moves for a while (a holiday, a busy week). */
export function AwayZone({ busy, onStandIn }: { busy: boolean; onStandIn: (level: BotLevel) => void }) {
  const [level, setLevel] = useState<BotLevel>(DEFAULT_BOT_LEVEL);
  return (
    <details class="zone away">
      <summary>
        <h2>{t('match.away.title')}</h2> <span class="hint">{t('match.away.hint')}</span>
      </summary>
      <p>{t('match.away.text')}</p>
      <LevelField id="away-level" value={level} onChange={setLevel} />
      <button type="button" disabled={busy} onClick={() => onStandIn(level)}>
        {t('match.away.button')}
      </button>
    </details>
  );
}
