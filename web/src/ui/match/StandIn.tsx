/**
 * A computer player standing in for one's own seat: the offer to hand the seat over while away
 * (with the level), and, while a computer plays for this player, a notice near the top of the page
 * that says so, why (a missed deadline, or they asked), and how to take the seat back — the button,
 * or simply their next move.
 */
import { LevelField } from '../LevelField.js';
import { useState } from 'preact/hooks';
import { DEFAULT_BOT_LEVEL } from '../../bots.js';
import type { BotLevel, SeatBot } from '../../types.js';

/** Shown while a computer plays this player's seat. */
export function StandInNotice({ bot, busy, onTakeBack }: { bot: SeatBot; busy: boolean; onTakeBack: () => void }) {
  const why =
    bot.standIn === 'deadline'
      ? `Your move deadline passed, so a computer player (${bot.level}) took over your seat and is making your moves.`
      : `A computer player (${bot.level}) is making your moves, as you asked.`;
  return (
    <section class="notice standin" data-standin={bot.standIn} aria-labelledby="standin-h">
      <h2 id="standin-h">A computer is playing for you</h2>
      <p>{why}</p>
      <p>It carries on until you come back: take your seat back with the button, or just make your next move yourself.</p>
      <button type="button" class="primary" disabled={busy} onClick={onTakeBack}>
        Take my seat back
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
        <h2>Away for a while?</h2> <span class="hint">a computer can play your seat</span>
      </summary>
      <p>
        A computer player can make your moves until you return. Your seat and its link stay yours, and you can take over again at any
        moment.
      </p>
      <LevelField id="away-level" value={level} onChange={setLevel} />
      <button type="button" disabled={busy} onClick={() => onStandIn(level)}>
        Let the computer play for me
      </button>
    </details>
  );
}
