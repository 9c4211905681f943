/**
 * The match's reminders and move deadline (with what a missed deadline does, worded from the
 * match's timing), when one's own move is due, and the notifications panel, which is downloaded only when
 * a player opens it.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { fmt, loadPanels, t } from '../i18n.js';
import { deadlineExplained, dueText, reminderText } from '../timing.js';
import type { Match } from '../types.js';

export function MatchOptions({ match, you, now }: { match: Match; you: number | null; now: number }) {
  const tm = match.timing;
  if (!tm) return null;
  const mine = you !== null ? match.seats[you] : undefined;
  const due = match.status === 'active' ? mine?.deadlineAt : null;
  return (
    <section class="zone match-options" aria-labelledby="options-h">
      <h2 id="options-h">{t('match.options.title')}</h2>
      <ul class="option-list">
        <li data-option="reminder">{reminderText(tm.reminderHours)}</li>
        <li data-option="deadline">
          {tm.deadlineDays > 0 ? t('match.options.deadline', { days: tm.deadlineDays }) : t('match.options.noDeadline')}
        </li>
        {tm.noWeekends === true && <li data-option="no-weekends">{t('match.options.noWeekends')}</li>}
      </ul>
      {tm.deadlineDays > 0 && <p class="hint policy">{deadlineExplained(tm.deadlineDays, tm.onDeadline)}</p>}
      {typeof due === 'number' && (
        <p class="due" data-due={due}>
          {t('match.options.due')} <time dateTime={new Date(due).toISOString()}>{fmt.when(due)}</time> ({dueText(due, now)}).
        </p>
      )}
    </section>
  );
}

type PanelProps = { match: Match; seat: number; token: string; onMatchChanged?: () => void };
type LoadedProps = PanelProps & { api: typeof api };

/** The panel's frame, in the page's own script; its contents come when first opened. */
export function NotifyZone(props: PanelProps) {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<LoadedProps> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || Panel) return;
    let live = true;
    setFailed(false);
    Promise.all([import('./NotifyPanel.js'), loadPanels()])
      .then(([m]) => live && setPanel(() => m.NotifyPanel))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [open, Panel]);

  return (
    <details class="zone notify" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <h2>{t('match.notify.title')}</h2> <span class="hint">{t('match.notify.hint')}</span>
      </summary>
      {open &&
        (Panel ? (
          <Panel {...props} api={api} />
        ) : failed ? (
          <p class="notice error" role="alert">
            {t('match.notify.downloadFailed')}
          </p>
        ) : (
          <p class="loading">{t('site.loading')}</p>
        ))}
    </details>
  );
}
