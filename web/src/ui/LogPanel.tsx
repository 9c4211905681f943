/**
 * What happened: the entries since this player last looked first (oldest first), then the rest, newest first.
 * Log text names seats as {0}, {1}…; names are put in as plain text. A move a computer made for a
 * player (standing in for them) says so.
 */
import { useState } from 'preact/hooks';
import { isComputerSeat } from '../bots.js';
import { t } from '../i18n.js';
import { ago, sayHere } from '../text.js';
import type { LogRecord, SeatInfo } from '../types.js';

/** The API sends this many log records with a match (and per older page); fewer means there are no older ones. */
export const LOG_PAGE = 30;
/** Records shown before "Show the whole log". */
const SHORT = 8;

/**
 * The records' lines in one direction throughout: `newestFirst` lists each record's own lines newest
 * first too, so at the end of a match "The game is over" is the top line, with nothing older above it.
 * The first line shown of a record carries its time and who made the move.
 */
function Lines({ records, seats, now, newestFirst }: { records: LogRecord[]; seats: SeatInfo[]; now: number; newestFirst: boolean }) {
  return (
    <ol class="log-lines">
      {records.flatMap((r) => {
        const lines = r.entries.map((e, i) => ({ e, i }));
        if (newestFirst) lines.reverse();
        return lines.map(({ e, i }, shown) => (
          <li key={`${r.version}-${i}`} data-version={r.version}>
            <span class="log-text">{sayHere(e, seats)}</span>
            {shown === 0 && r.bot && r.seat !== null && !isComputerSeat(seats[r.seat]) && (
              <span class="log-by"> · {t('match.log.byComputer', { level: r.bot })}</span>
            )}
            {shown === 0 && <span class="log-time"> · {ago(r.at, now)}</span>}
          </li>
        ));
      })}
    </ol>
  );
}

export function LogPanel({
  log,
  seats,
  you,
  seenUpTo,
  now,
  onOlder,
  olderDone,
}: {
  log: LogRecord[];
  seats: SeatInfo[];
  you: number | null;
  /** The version this viewer had seen when last here; null when unknown (first visit). */
  seenUpTo: number | null;
  now: number;
  onOlder?: () => void;
  olderDone: boolean;
}) {
  const newestFirst = [...log].sort((a, b) => b.version - a.version).filter((r) => r.entries.length > 0);
  const isNew = (r: LogRecord) => seenUpTo !== null && r.version > seenUpTo && r.seat !== you;
  const fresh = newestFirst.filter(isNew).reverse();
  const rest = newestFirst.filter((r) => !isNew(r));
  const oldest = newestFirst[newestFirst.length - 1]?.version ?? 0;
  const [whole, setWhole] = useState(false);
  const shown = whole ? rest : rest.slice(0, SHORT);
  return (
    <section class="zone log" aria-labelledby="log-h">
      <h2 id="log-h">{t('match.log.title')}</h2>
      {fresh.length > 0 ? (
        <div class="since">
          <h3>{t('match.since.label')}</h3>
          <Lines records={fresh} seats={seats} now={now} newestFirst={false} />
        </div>
      ) : (
        seenUpTo !== null && <p class="note">{t('match.log.nothingNew')}</p>
      )}
      <details open={fresh.length === 0}>
        <summary>{fresh.length > 0 ? t('match.log.earlier') : t('match.log.all')}</summary>
        {rest.length === 0 ? (
          <p class="empty-note">{t('match.log.empty')}</p>
        ) : (
          <Lines records={shown} seats={seats} now={now} newestFirst />
        )}
        {!whole && rest.length > SHORT && (
          <button type="button" onClick={() => setWhole(true)}>
            {t('match.log.whole')}
          </button>
        )}
        {whole && onOlder && !olderDone && oldest > 2 && log.length >= LOG_PAGE && (
          <button type="button" onClick={onOlder}>
            {t('match.log.older')}
          </button>
        )}
      </details>
    </section>
  );
}
