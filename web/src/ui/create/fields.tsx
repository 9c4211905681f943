/**
 * The fields of the create form: the game, the number of players, who takes each other seat (a
 * friend with an invite link or a computer player), "Play against the computer", the player's
 * name, the game's own options, and the site's reminders and deadline.
 */
import { isGameId } from '#shared/games/ids.js';
import { gameName, t } from '../../i18n.js';
import { LevelField } from '../LevelField.js';
import { ON_DEADLINE_CHOICES, SEAT_CHOICES, type SeatChoice, onDeadlineLabel, seatChoiceLabel } from '../../bots.js';
import { type OptionField, shownNumber } from '../../options.js';
import { DEADLINE_CHOICES, REMINDER_CHOICES, deadlineChoiceLabel, deadlineExplained, reminderChoiceLabel } from '../../timing.js';
import type { BotLevel, GameSummary, OnDeadline } from '../../types.js';
import { GAME_LINE, GamePicture } from './GamePicture.js';

/** The game picker of the create form: each game with its picture and one line of what it is. */
export function GameChoice({ games, gameId, onPick }: { games: GameSummary[]; gameId: string; onPick: (g: GameSummary) => void }) {
  return (
    <fieldset class="game-choice">
      <legend>{t('create.game')}</legend>
      {games.map((g) => (
        // Each game of ours with a picture and one line of what it is (the line described, not in the label's name).
        <div key={g.id} class="game-card">
          <label class="radio">
            <input
              type="radio"
              name="game"
              value={g.id}
              checked={g.id === gameId}
              onChange={() => onPick(g)}
              {...(isGameId(g.id) ? { 'aria-describedby': `game-line-${g.id}` } : {})}
            />
            {isGameId(g.id) && <GamePicture id={g.id} />}
            <span>
              {gameName(g.id, g.name)}{' '}
              <span class="muted">
                {g.minSeats === g.maxSeats
                  ? t('create.players.fixed', { count: g.minSeats })
                  : t('create.players.range', { min: g.minSeats, max: g.maxSeats })}
              </span>
            </span>
          </label>
          {isGameId(g.id) && (
            <p class="game-line muted" id={`game-line-${g.id}`}>
              {t(GAME_LINE[g.id])}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/** How many players, for a game that allows more than one count. */
export function PlayersField({ game, players, onChange }: { game: GameSummary; players: number; onChange: (n: number) => void }) {
  return (
    <label class="field">
      <span>{t('create.players.label')}</span>
      <select value={String(players)} onChange={(e) => onChange(Number((e.target as HTMLSelectElement).value))}>
        {Array.from({ length: game.maxSeats - game.minSeats + 1 }, (_, i) => game.minSeats + i).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The player's name field of the create form. */
export function NameField({ name, onChange }: { name: string; onChange: (name: string) => void }) {
  return (
    <label class="field">
      <span>{t('create.name')}</span>
      <input
        name="name"
        required
        maxLength={24}
        autoComplete="nickname"
        value={name}
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
      />
    </label>
  );
}

/** Reminders and the move deadline: options of the site, the same for every game. */
export function TimingChoices({
  reminderHours,
  deadlineDays,
  missed,
  onReminder,
  onDeadline,
  onMissed,
  weekends,
}: {
  reminderHours: number;
  deadlineDays: number;
  /** No deadline passes at a weekend (asked only when there is a deadline): the choice and its setter. */
  weekends?: readonly [boolean, (on: boolean) => void];
  /** What a missed deadline does (asked only when there is a deadline). */
  missed: OnDeadline;
  onReminder: (h: number) => void;
  onDeadline: (d: number) => void;
  onMissed: (m: OnDeadline) => void;
}) {
  return (
    <fieldset class="timing-choice">
      <legend>{t('create.timing.legend')}</legend>
      <label class="field" for="timing-reminder">
        <span>
          {t('create.timing.remind')} <span class="muted">{t('create.timing.remindHint')}</span>
        </span>
        <select
          id="timing-reminder"
          value={String(reminderHours)}
          onChange={(e) => onReminder(Number((e.currentTarget as HTMLSelectElement).value))}
        >
          {REMINDER_CHOICES.map((h) => (
            <option key={h} value={h}>
              {reminderChoiceLabel(h)}
            </option>
          ))}
        </select>
      </label>
      <label class="field" for="timing-deadline">
        <span>{t('create.timing.deadline')}</span>
        <select
          id="timing-deadline"
          value={String(deadlineDays)}
          aria-describedby="timing-deadline-hint"
          onChange={(e) => onDeadline(Number((e.currentTarget as HTMLSelectElement).value))}
        >
          {DEADLINE_CHOICES.map((d) => (
            <option key={d} value={d}>
              {deadlineChoiceLabel(d)}
            </option>
          ))}
        </select>
      </label>
      {deadlineDays > 0 && (
        <label class="field" for="timing-missed">
          <span>{t('create.timing.missed')}</span>
          <select
            id="timing-missed"
            value={missed}
            aria-describedby="timing-deadline-hint"
            onChange={(e) => onMissed((e.currentTarget as HTMLSelectElement).value as OnDeadline)}
          >
            {ON_DEADLINE_CHOICES.map((c) => (
              <option key={c} value={c}>
                {onDeadlineLabel(c)}
              </option>
            ))}
          </select>
        </label>
      )}
      {deadlineDays > 0 && weekends && (
        <label class="check">
          <input
            type="checkbox"
            id="timing-no-weekends"
            checked={weekends[0]}
            onChange={(e) => weekends[1]((e.currentTarget as HTMLInputElement).checked)}
          />
          <span>{t('create.timing.noWeekends')}</span>
        </label>
      )}
      <p class="hint" id="timing-deadline-hint" aria-live="polite">
        {deadlineExplained(deadlineDays, missed)}
      </p>
    </fieldset>
  );
}

export function OptionInput({
  field,
  value,
  onChange,
}: {
  field: OptionField;
  value: string | boolean | undefined;
  onChange: (v: string | boolean) => void;
}) {
  const id = `opt-${field.key}`;
  const hint = field.hint ? <span class="muted">{field.hint}</span> : null;
  if (field.type === 'boolean') {
    return (
      <label class="check" for={id}>
        <input
          id={id}
          type="checkbox"
          checked={typeof value === 'boolean' ? value : field.default}
          onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
        />
        <span>
          {field.label} {hint}
        </span>
      </label>
    );
  }
  if (field.type === 'choice') {
    return (
      <label class="field" for={id}>
        <span>
          {field.label} {hint}
        </span>
        <select
          id={id}
          value={typeof value === 'string' ? value : field.default}
          onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
        >
          {field.default === '' && <option value="">{t('create.option.gameDefault')}</option>}
          {field.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label class="field" for={id}>
      <span>
        {field.label} {hint}
      </span>
      <input
        id={id}
        type="number"
        inputMode={field.integer && !field.scale ? 'numeric' : 'decimal'}
        step={field.integer && !field.scale ? 1 : 'any'}
        {...(field.min !== undefined ? { min: field.min / (field.scale ?? 1) } : {})}
        {...(field.max !== undefined ? { max: field.max / (field.scale ?? 1) } : {})}
        placeholder={field.default === null ? t('create.option.gameDefault') : shownNumber(field)}
        value={typeof value === 'string' ? value : shownNumber(field)}
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
      />
    </label>
  );
}

/** Who takes each seat other than the creator's: a friend (who gets an invite link) or a computer player. */
export function SeatChoices({
  players,
  choices,
  onChange,
}: {
  players: number;
  choices: readonly SeatChoice[];
  onChange: (seat: number, c: SeatChoice) => void;
}) {
  if (players < 2) return null;
  return (
    <fieldset class="seat-choice">
      <legend>{t('create.seats.legend')}</legend>
      <p class="hint">{t('create.seats.hint')}</p>
      {Array.from({ length: players - 1 }, (_, i) => i + 1).map((seat) => (
        <label key={seat} class="field" for={`seat-choice-${seat}`}>
          <span>{t('create.seats.seat', { n: seat + 1 })}</span>
          <select
            id={`seat-choice-${seat}`}
            value={choices[seat - 1] ?? 'friend'}
            onChange={(e) => onChange(seat, (e.currentTarget as HTMLSelectElement).value as SeatChoice)}
          >
            {SEAT_CHOICES.map((c) => (
              <option key={c} value={c}>
                {seatChoiceLabel(c)}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

/** The form's submit button; while it is greyed out, why, beside it and tied to it. */
export function CreateButton({ disabled, why }: { disabled: boolean; why: string | undefined }) {
  return (
    <>
      {why && (
        <p id="create-why" class="hint">
          {why}
        </p>
      )}
      <button type="submit" class="primary" disabled={disabled} aria-describedby={why ? 'create-why' : undefined}>
        {t('create.submit')}
      </button>
    </>
  );
}

/**
 * The quickest way in: every other seat a computer player of the chosen level, and the game begins
 * at once. Its button is not the form's submit button (Enter in a field still means "Create the
 * match"), but checks the form the same way before sending it.
 */
export function VsComputer({
  gameName,
  players,
  level,
  onLevel,
  disabled,
  why,
  onPlay,
}: {
  gameName: string;
  players: number;
  level: BotLevel;
  onLevel: (l: BotLevel) => void;
  disabled: boolean;
  /** Why the button is greyed out, shown beside it. */
  why?: string | undefined;
  onPlay: () => void;
}) {
  const others = players - 1;
  return (
    <section class="vs-computer" aria-labelledby="vs-computer-h">
      <h3 id="vs-computer-h">{t('create.vs.title')}</h3>
      <p>{t('create.vs.text', { others, game: gameName })}</p>
      <LevelField id="vs-computer-level" value={level} onChange={onLevel} />
      {why && (
        <p id="vs-computer-why" class="hint">
          {why}
        </p>
      )}
      <button
        type="button"
        class="primary big"
        disabled={disabled}
        aria-describedby={why ? 'vs-computer-why' : undefined}
        onClick={(e) => {
          if (e.currentTarget.form?.reportValidity() !== false) onPlay();
        }}
      >
        {t('create.vs.title')}
      </button>
    </section>
  );
}
