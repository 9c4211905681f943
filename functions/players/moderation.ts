/**
 * The operator's moderation (issue 28), driven by `npm run moderate` (scripts/moderate.ts) against the local table
 * or the AWS one: read the reports, rename a player (past the monthly limit; the old name is free at once), hide
 * one (their page is not found, their name shown as a placeholder), suspend or reinstate one from open games and
 * quick match. Every action is one line of the operator's log with who did it and why (`SafetyStore.act`).
 */
import { randomUUID } from 'node:crypto';
import { PlayerError } from './errors.js';
import { nameKey, nameProblem, tidyName } from './names.js';
import type { ProfileStore } from './port.js';
import type { ModAction, ModActionKind, Page, ReportRecord, SafetyStore, Standing } from './safety-port.js';

export interface ModerationDeps {
  safety: SafetyStore;
  profiles: ProfileStore;
  clock: () => number;
}

/** Who acts and why: both required, so the log always says. */
export interface Actor {
  by: string;
  why: string;
}

/** What each standing action changes. */
const CHANGES: Record<Exclude<ModActionKind, 'rename'>, Partial<Standing>> = {
  hide: { hidden: true },
  unhide: { hidden: false },
  suspend: { suspended: true },
  unsuspend: { suspended: false },
};

export class Moderation {
  constructor(readonly deps: ModerationDeps) {}

  reports(limit: number, cursor?: string): Promise<Page<ReportRecord>> {
    return this.deps.safety.reports(limit, cursor);
  }

  log(limit: number, cursor?: string): Promise<Page<ModAction>> {
    return this.deps.safety.actions(limit, cursor);
  }

  /** The player holding a name (any case), or a `no-such-player` refusal. */
  async playerOf(name: string): Promise<string> {
    const id = await this.deps.profiles.playerIdByName(nameKey(name));
    if (!id) throw new PlayerError('no-such-player', 'error.no-such-player');
    return id;
  }

  /** Gives the player a new name whatever their last change; their old one is free for anyone at once. */
  async rename(playerId: string, raw: string, actor: Actor): Promise<ModAction> {
    const problem = nameProblem(raw);
    if (problem) throw new PlayerError(`name-${problem}`, `error.name-${problem}`);
    const name = tidyName(raw);
    const before = await this.deps.profiles.profile(playerId);
    const now = this.deps.clock();
    const claim = await this.deps.profiles.claimName(playerId, {
      name,
      nameKey: nameKey(name),
      previousKey: before?.nameKey ?? null,
      // The monthly limit does not bind the operator: any last change passes.
      changedBefore: Number.MAX_SAFE_INTEGER,
      now,
    });
    if (claim === 'taken') throw new PlayerError('name-taken', 'error.name-taken');
    if (claim === 'too-soon') throw new Error('The name changed meanwhile (another device): run the rename again.');
    return this.record('rename', playerId, actor, null, { from: before?.name ?? '', to: name });
  }

  /** hide / unhide / suspend / unsuspend, logged with the change in one transaction. */
  standing(action: Exclude<ModActionKind, 'rename'>, playerId: string, actor: Actor): Promise<ModAction> {
    return this.record(action, playerId, actor, CHANGES[action]);
  }

  private async record(
    action: ModActionKind,
    playerId: string,
    actor: Actor,
    change: Partial<Standing> | null,
    detail?: Record<string, string>,
  ): Promise<ModAction> {
    if (!actor.by.trim() || !actor.why.trim()) throw new Error('--by and --why are required: the log says who acted and why.');
    const line: ModAction = {
      id: randomUUID(),
      at: this.deps.clock(),
      action,
      playerId,
      by: actor.by.trim(),
      why: actor.why.trim(),
      ...(detail ? { detail } : {}),
    };
    await this.deps.safety.act(line, change);
    return line;
  }
}
