/**
 * The home page: the matches this browser holds (those waiting for my move first) and the form
 * that starts a new match.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiFailure, api, idempotencyKey } from '../api.js';
import { loadGameUi } from '../games/index.js';
import type { GameUi } from '../games/types.js';
import { type OptionField, optionFields, optionValues, shownNumber, withDefaults } from '../options.js';
import * as store from '../storage.js';
import { formatWhen, listNames } from '../text.js';
import {
  DEADLINE_CHOICES,
  DEFAULT_REMINDER_HOURS,
  REMINDER_CHOICES,
  deadlineChoiceLabel,
  deadlineExplained,
  reminderChoiceLabel,
} from '../timing.js';
import type { Created, GameSummary } from '../types.js';
import { showAttention } from './attention.js';
import { ConfirmButton } from './Confirm.js';
import { navigate, onLinkClick } from './router.js';

export function Home() {
  const [seats, setSeats] = useState(() => store.listSeats());
  useEffect(() => {
    let live = true;
    // Refresh what is known of each held match (a few at a time).
    const queue = [...seats];
    const worker = async () => {
      for (let s = queue.shift(); s && live; s = queue.shift()) {
        try {
          const r = await api.read(s.matchId, { kind: 'seat', seat: s.seat, token: s.token }, null);
          if (r.changed) store.rememberMatch(s.matchId, s.seat, r.match);
        } catch (e) {
          if (e instanceof ApiFailure && e.status === 404)
            store.saveSeat({ matchId: s.matchId, seat: s.seat, status: 'over', myTurn: false });
        }
      }
      if (live) setSeats(store.listSeats());
    };
    void Promise.all([worker(), worker(), worker()]);
    return () => {
      live = false;
    };
  }, []);

  const anyTurn = seats.some((s) => s.myTurn);
  useEffect(() => showAttention(anyTurn, 'Dutch'), [anyTurn]);

  return (
    <main class="page home">
      <header class="home-head">
        <h1>Dutch</h1>
        <p>
          Card games called Dutch, played in turns over hours or days. Start a match, send the link, and come back when it is your move.
        </p>
      </header>
      <MyMatches seats={seats} onForget={() => setSeats(store.listSeats())} />
      <CreateForm />
    </main>
  );
}

function statusWords(s: store.StoredSeat): string {
  if (s.status === 'over') return 'Finished';
  if (s.status === 'open') return 'Waiting for players to join';
  if (s.myTurn) return 'Your move';
  if (s.status === 'active') return 'Waiting for the others';
  return 'Not opened yet';
}

function MyMatches({ seats, onForget }: { seats: store.StoredSeat[]; onForget: () => void }) {
  const rank = (s: store.StoredSeat) => (s.myTurn ? 0 : s.status === 'active' ? 1 : s.status === 'open' ? 2 : s.status === 'over' ? 4 : 3);
  const sorted = [...seats].sort((a, b) => rank(a) - rank(b) || b.updatedAt - a.updatedAt);
  if (sorted.length === 0) return null;
  return (
    <section class="zone my-matches" aria-labelledby="mine-h">
      <h2 id="mine-h">My matches</h2>
      <ul class="match-list">
        {sorted.map((s) => {
          const others = (s.names ?? []).flatMap((n, i) => (i === s.seat ? [] : [n ?? 'an open seat']));
          return (
            <li key={`${s.matchId}-${s.seat}`} class={s.myTurn ? 'my-turn' : ''} data-match={s.matchId}>
              <a href={`/m/${s.matchId}`} onClick={(e) => onLinkClick(e, () => store.setCurrentSeat(s.matchId, s.seat))}>
                <span class="game">{s.gameName ?? 'Match'}</span>
                {others.length > 0 && <span class="with"> with {listNames(others)}</span>}
                {/* What tells two matches of the same players apart: the edition and when it began. */}
                <span class="match-facts">{[s.variant, s.since ? `since ${formatWhen(s.since)}` : ''].filter(Boolean).join(' · ')}</span>
              </a>
              <span class={s.myTurn ? 'badge your-move' : 'badge'}>{statusWords(s)}</span>
              {s.status === 'over' && s.result && <span class="result">{s.result}</span>}
              {s.status === 'over' && (
                <ConfirmButton
                  label="Forget"
                  question="Remove this match from this browser? Its link is then gone from here."
                  confirmLabel="Remove"
                  danger
                  onConfirm={() => {
                    store.forgetSeat(s.matchId, s.seat);
                    onForget();
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CreateForm() {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [gameId, setGameId] = useState('');
  const [players, setPlayers] = useState(2);
  const [name, setName] = useState(store.lastName());
  const [chosen, setChosen] = useState<Record<string, string | boolean>>({});
  const [reminderHours, setReminderHours] = useState<number>(DEFAULT_REMINDER_HOURS);
  const [deadlineDays, setDeadlineDays] = useState<number>(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .games()
      .then((r) => {
        setGames(r.games);
        const first = r.games.find((g) => g.id === 'dutch-auction') ?? r.games[0];
        if (first) {
          setGameId(first.id);
          setPlayers(first.minSeats);
        }
      })
      .catch(() => setError('The list of games could not be loaded. Reload the page to try again.'));
  }, []);
  const schemas = useOptionSchemas();

  const game = games?.find((g) => g.id === gameId);
  const ui = useGameUi(gameId);
  const fields = useMemo<OptionField[]>(
    () => withDefaults(optionFields(schemas[`Options_${gameId}`], ui?.optionLabels ?? {}), ui?.optionDefaults?.(chosen) ?? {}),
    [schemas, gameId, ui, chosen],
  );
  /** A new choice; other choices whose default it moves (a memory-game preset) go back to the new default. */
  function choose(key: string, v: string | boolean) {
    setChosen(withChoice(chosen, key, v, ui?.optionDefaults));
  }

  async function create(e: Event) {
    e.preventDefault();
    if (!game) return;
    setBusy(true);
    setError('');
    try {
      const c = await api.create(
        {
          game: game.id,
          seats: players,
          options: optionValues(fields, chosen),
          name: name.trim(),
          timing: { reminderHours, deadlineDays },
        },
        idempotencyKey(),
      );
      store.saveName(name.trim());
      saveCreatedSeat(c, game, players, name.trim());
      store.setCurrentSeat(c.matchId, c.seat);
      navigate(`/m/${c.matchId}`);
    } catch (err) {
      setError(createErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="zone create" aria-labelledby="create-h">
      <h2 id="create-h">Start a match</h2>
      {!games && !error && <p class="loading">Loading the games…</p>}
      {games && games.length === 0 && <p>No games are offered yet.</p>}
      {games && games.length > 0 && (
        <form onSubmit={create}>
          <GameChoice
            games={games}
            gameId={gameId}
            onPick={(g) => {
              setGameId(g.id);
              setPlayers(g.minSeats);
              setChosen({});
            }}
          />
          {game && game.minSeats !== game.maxSeats && <PlayersField game={game} players={players} onChange={setPlayers} />}
          {fields.map((f) => (
            <OptionInput key={`${gameId}-${f.key}`} field={f} value={chosen[f.key]} onChange={(v) => choose(f.key, v)} />
          ))}
          <TimingChoices
            reminderHours={reminderHours}
            deadlineDays={deadlineDays}
            onReminder={setReminderHours}
            onDeadline={setDeadlineDays}
          />
          <NameField name={name} onChange={setName} />
          <button type="submit" class="primary" disabled={busy || !game || name.trim() === ''}>
            Create the match
          </button>
        </form>
      )}
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The game picker of the create form. */
function GameChoice({ games, gameId, onPick }: { games: GameSummary[]; gameId: string; onPick: (g: GameSummary) => void }) {
  return (
    <fieldset class="game-choice">
      <legend>Game</legend>
      {games.map((g) => (
        <label key={g.id} class="radio">
          <input type="radio" name="game" value={g.id} checked={g.id === gameId} onChange={() => onPick(g)} />
          <span>
            {g.name} <span class="muted">({g.minSeats === g.maxSeats ? g.minSeats : `${g.minSeats}–${g.maxSeats}`} players)</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** How many players, for a game that allows more than one count. */
function PlayersField({ game, players, onChange }: { game: GameSummary; players: number; onChange: (n: number) => void }) {
  return (
    <label class="field">
      <span>Players</span>
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

/** Remembers the creator's seat of a match just created. */
function saveCreatedSeat(c: Created, game: GameSummary, players: number, name: string) {
  store.saveSeat({
    matchId: c.matchId,
    seat: c.seat,
    token: c.token,
    gameId: game.id,
    gameName: game.name,
    names: Array.from({ length: players }, (_, i) => (i === c.seat ? name : null)),
    status: players === 1 ? 'active' : 'open',
    invites: c.invites,
    spectatorUrl: c.spectatorUrl,
  });
}

/** The game's UI module (option labels and defaults), once loaded; null before. */
function useGameUi(gameId: string): GameUi | null {
  const [ui, setUi] = useState<GameUi | null>(null);
  useEffect(() => {
    setUi(null);
    if (!gameId) return;
    let live = true;
    loadGameUi(gameId)
      .then((loaded) => live && setUi(loaded))
      .catch(() => {
        /* plain labels then */
      });
    return () => {
      live = false;
    };
  }, [gameId]);
  return ui;
}

/** The player's name field of the create form. */
function NameField({ name, onChange }: { name: string; onChange: (name: string) => void }) {
  return (
    <label class="field">
      <span>Your name (the other players see it)</span>
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

/** What the create form says when creating failed. */
function createErrorText(err: unknown): string {
  if (err instanceof ApiFailure) return err.issues?.length ? `${err.message} ${err.issues.map((i) => i.message).join(' ')}` : err.message;
  return 'The server could not be reached; try again.';
}

/** The API's option schemas (from its OpenAPI document); empty until loaded, and if it cannot be. */
function useOptionSchemas(): Record<string, unknown> {
  const [schemas, setSchemas] = useState<Record<string, unknown>>({});
  useEffect(() => {
    api
      .openapi()
      .then((doc) => setSchemas(doc.components?.schemas ?? {}))
      .catch(() => {
        /* options then keep their defaults */
      });
  }, []);
  return schemas;
}

/** The choices after choosing v for key: others whose default that moves go back to the new default. */
function withChoice(
  chosen: Record<string, string | boolean>,
  key: string,
  v: string | boolean,
  defaults: GameUi['optionDefaults'],
): Record<string, string | boolean> {
  const next: Record<string, string | boolean> = { ...chosen, [key]: v };
  if (defaults) {
    const before = defaults(chosen);
    const after = defaults(next);
    for (const k of Object.keys(after)) if (k !== key && JSON.stringify(before[k]) !== JSON.stringify(after[k])) delete next[k];
  }
  return next;
}

/** Reminders and the move deadline: options of the site, the same for every game. */
function TimingChoices({
  reminderHours,
  deadlineDays,
  onReminder,
  onDeadline,
}: {
  reminderHours: number;
  deadlineDays: number;
  onReminder: (h: number) => void;
  onDeadline: (d: number) => void;
}) {
  return (
    <fieldset class="timing-choice">
      <legend>Reminders and deadline</legend>
      <label class="field" for="timing-reminder">
        <span>
          Remind whoever is to move <span class="muted">(by email or on their device, if they turned that on)</span>
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
        <span>Move deadline</span>
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
      <p class="hint" id="timing-deadline-hint" aria-live="polite">
        {deadlineExplained(deadlineDays)}
      </p>
    </fieldset>
  );
}

function OptionInput({
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
          {field.default === '' && <option value="">Game default</option>}
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
        placeholder={field.default === null ? 'Game default' : shownNumber(field)}
        value={typeof value === 'string' ? value : shownNumber(field)}
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
      />
    </label>
  );
}
