/**
 * The form that starts a new match: the game, how many play, who takes the other seats (friends
 * with invite links, or computer players), the game's options and the site's timing, and two ways
 * to send it — "Create the match", or "Play against the computer" (every other seat a computer
 * player, so the game begins at once).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiFailure, api, idempotencyKey } from '../../api.js';
import { DEFAULT_BOT_LEVEL, type SeatChoice, allComputer, botsFor } from '../../bots.js';
import { loadGameUi } from '../../games/index.js';
import { gameName, t, useLang } from '../../i18n.js';
import { ExtraChoices, extrasBody, useExtras } from './ExtraChoices.js';
import type { GameUi } from '../../games/types.js';
import { type OptionField, optionFields, optionValues, withDefaults } from '../../options.js';
import * as store from '../../storage.js';
import { DEFAULT_REMINDER_HOURS } from '../../timing.js';
import type { BotLevel, Created, GameSummary, OnDeadline } from '../../types.js';
import { navigate } from '../router.js';
import { CreateButton, GameChoice, NameField, OptionInput, PlayersField, SeatChoices, TimingChoices, VsComputer } from './fields.js';

/** The games on offer; the auction game (or the first) picked to begin with. */
function useGames(onFirst: (g: GameSummary) => void, onError: (message: string) => void): GameSummary[] | null {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  useEffect(() => {
    api
      .games()
      .then((r) => {
        setGames(r.games);
        const first = r.games.find((g) => g.id === 'dutch-auction') ?? r.games[0];
        if (first) onFirst(first);
      })
      .catch(() => onError(t('create.gamesFailed')));
  }, []);
  return games;
}

/** The create request's timing: what a missed deadline does and "no weekends" only with a deadline. */
function timingOf(reminderHours: number, deadlineDays: number, missed: OnDeadline, noWeekends: boolean) {
  const withDeadline = deadlineDays > 0;
  return {
    reminderHours,
    deadlineDays,
    ...(withDeadline && missed !== 'default-move' ? { onDeadline: missed } : {}),
    ...(withDeadline && noWeekends ? { noWeekends } : {}),
  };
}

export function CreateForm() {
  const [gameId, setGameId] = useState('');
  const [players, setPlayers] = useState(2);
  const [seatChoices, setSeatChoices] = useState<SeatChoice[]>([]);
  const [level, setLevel] = useState<BotLevel>(DEFAULT_BOT_LEVEL);
  const [name, setName] = useState(store.lastName());
  const [chosen, setChosen] = useState<Record<string, string | boolean>>({});
  const [reminderHours, setReminderHours] = useState<number>(DEFAULT_REMINDER_HOURS);
  const [deadlineDays, setDeadlineDays] = useState<number>(0);
  const [missed, setMissed] = useState<OnDeadline>('default-move');
  const weekends = useState(false);
  const extras = useExtras();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pick = (g: GameSummary) => {
    setGameId(g.id);
    setPlayers(g.minSeats);
    setChosen({});
    setSeatChoices([]);
  };
  const games = useGames(pick, setError);
  const schemas = useOptionSchemas();

  const game = games?.find((g) => g.id === gameId);
  const ui = useGameUi(gameId);
  const fields = useMemo(() => fieldsOf(schemas[`Options_${gameId}`], ui, chosen), [schemas, gameId, ui, chosen, useLang()]);

  /** Sends the form; "Play against the computer" sends it with every other seat a computer player. */
  async function create(vsComputer: boolean) {
    if (!game) return;
    const bots = botsFor(vsComputer ? allComputer(players, level) : seatChoices, players);
    setBusy(true);
    setError('');
    try {
      const c = await api.create(
        {
          game: game.id,
          seats: players,
          options: optionValues(fields, chosen),
          name: name.trim(),
          timing: timingOf(reminderHours, deadlineDays, missed, weekends[0]),
          ...(bots.length ? { bots } : {}),
          ...extrasBody(extras, bots.length),
        },
        idempotencyKey(),
      );
      store.saveName(name.trim());
      saveCreatedSeat(c, game, players, name.trim(), bots.length);
      store.setCurrentSeat(c.matchId, c.seat);
      navigate(`/m/${c.matchId}`);
    } catch (err) {
      setError(createErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  const cannot = busy || !game || name.trim() === '';
  // Why the buttons are greyed out, next to each and tied to it: a missing name is the usual reason.
  const why = name.trim() === '' ? t('create.nameFirst') : undefined;
  return (
    <section class="zone create" aria-labelledby="create-h">
      <h2 id="create-h">{t('create.title')}</h2>
      {!games && !error && <p class="loading">{t('create.loadingGames')}</p>}
      {games && games.length === 0 && <p>{t('create.noGames')}</p>}
      {games && games.length > 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void create(false);
          }}
        >
          <GameChoice games={games} gameId={gameId} onPick={pick} />
          {game && game.minSeats !== game.maxSeats && <PlayersField game={game} players={players} onChange={setPlayers} />}
          <NameField name={name} onChange={setName} />
          {game && (
            <VsComputer
              gameName={gameName(game.id, game.name)}
              players={players}
              level={level}
              onLevel={setLevel}
              disabled={cannot}
              why={why}
              onPlay={() => void create(true)}
            />
          )}
          <SeatChoices
            players={players}
            choices={seatChoices}
            onChange={(seat, c) => setSeatChoices((all) => Object.assign([...all], { [seat - 1]: c }))}
          />
          {fields.map((f) => (
            <OptionInput
              key={`${gameId}-${f.key}`}
              field={f}
              value={chosen[f.key]}
              onChange={(v) => setChosen(withChoice(chosen, f.key, v, ui?.optionDefaults))}
            />
          ))}
          <TimingChoices
            reminderHours={reminderHours}
            deadlineDays={deadlineDays}
            missed={missed}
            onReminder={setReminderHours}
            onDeadline={setDeadlineDays}
            onMissed={setMissed}
            weekends={weekends}
          />
          <ExtraChoices extras={extras} computers={botsFor(seatChoices, players).length} />
          <CreateButton disabled={cannot} why={why} />
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

/** Remembers the creator's seat of a match just created. */
function saveCreatedSeat(c: Created, game: GameSummary, players: number, name: string, computers: number) {
  store.saveSeat({
    matchId: c.matchId,
    seat: c.seat,
    token: c.token,
    gameId: game.id,
    gameName: game.name,
    names: Array.from({ length: players }, (_, i) => (i === c.seat ? name : null)),
    // With every other seat a computer player, the match is under way from the start.
    status: players - 1 === computers ? 'active' : 'open',
    invites: c.invites,
    spectatorUrl: c.spectatorUrl,
  });
}

/** The game's UI module (option labels and defaults), once loaded; null before. */
/** A game's option fields, worded by its page module: none while that loads, not the schema's English names meanwhile. */
function fieldsOf(schema: unknown, ui: GameUi | null | undefined, chosen: Record<string, string | boolean>): OptionField[] {
  if (ui === undefined) return [];
  return withDefaults(optionFields(schema, ui?.optionLabels?.() ?? {}), ui?.optionDefaults?.(chosen) ?? {});
}

/**
 * The game's page module, which words its options. `undefined` while it loads: the option fields
 * wait for it rather than show the schema's English names for a moment. `null` if it failed: plain
 * labels then.
 */
function useGameUi(gameId: string): GameUi | null | undefined {
  const [ui, setUi] = useState<GameUi | null | undefined>(undefined);
  useEffect(() => {
    setUi(undefined);
    if (!gameId) return;
    let live = true;
    loadGameUi(gameId)
      .then((loaded) => live && setUi(loaded))
      .catch(() => live && setUi(null));
    return () => {
      live = false;
    };
  }, [gameId]);
  return ui;
}

/** What the create form says when creating failed. */
function createErrorText(err: unknown): string {
  if (err instanceof ApiFailure) return err.issues?.length ? `${err.message} ${err.issues.map((i) => i.message).join(' ')}` : err.message;
  return t('create.unreachable');
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
