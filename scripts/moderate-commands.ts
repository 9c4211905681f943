/**
 * The commands of `npm run moderate` (scripts/moderate.ts), apart from where the table is, so tests drive them on
 * the in-memory stores and on DynamoDB Local alike (tests/contracts/safety-store.contract.ts). Each returns the
 * text the operator reads. A player is named by their player name (any case) or `id:<playerId>`.
 */
import { type Actor, Moderation, type ModerationDeps } from '../functions/players/moderation.js';
import type { ModAction, ReportRecord } from '../functions/players/safety-port.js';

export const USAGE = `npm run moderate -- <command> [--local | --aws --table <name>]
  reports [--limit 20] [--after <cursor>]      reports, newest first
  log [--limit 20] [--after <cursor>]          the moderation log, newest first
  rename <player> <new name> --by <you> --why <reason>
  hide|unhide <player> --by <you> --why <reason>
  suspend|unsuspend <player> --by <you> --why <reason>   from open games and quick match
A <player> is a player name or id:<playerId>.`;

/** Positional words and `--flag value` pairs. */
export function parseArgs(argv: string[]): { words: string[]; flags: Map<string, string> } {
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) words.push(a);
    else if (['--local', '--aws'].includes(a)) flags.set(a.slice(2), 'yes');
    else flags.set(a.slice(2), argv[++i] ?? '');
  }
  return { words, flags };
}

const iso = (at: number) => new Date(at).toISOString().replace('.000Z', 'Z');

const reportLine = (r: ReportRecord) =>
  [
    `${iso(r.at)}  ${r.kind}/${r.reason}  ${r.targetName ?? '(no name)'} [id:${r.target}]  by id:${r.reporter}`,
    ...(r.text ? [`    "${r.text}"`] : []),
    ...(r.chat ? [`    chat #${r.chat.seq} in match ${r.chat.matchId}: "${r.chat.text}"`] : []),
  ].join('\n');

const actionLine = (a: ModAction) =>
  `${iso(a.at)}  ${a.action}  id:${a.playerId}  by ${a.by}: ${a.why}${a.detail ? `  (${JSON.stringify(a.detail)})` : ''}`;

const pageText = <T>(items: T[], line: (t: T) => string, next?: string) =>
  [...(items.length ? items.map(line) : ['(none)']), ...(next ? [`more: --after ${next}`] : [])].join('\n');

export async function moderate(deps: ModerationDeps, argv: string[]): Promise<string> {
  const { words, flags } = parseArgs(argv);
  const [command, who, ...rest] = words;
  const m = new Moderation(deps);
  const limit = Math.min(100, Math.max(1, Number(flags.get('limit') ?? 20) || 20));
  const after = flags.get('after');
  const actor = (): Actor => {
    const by = flags.get('by')?.trim();
    const why = flags.get('why')?.trim();
    if (!by || !why) throw new Error('--by <you> and --why <reason> are required: the log says who acted and why.');
    return { by, why };
  };
  const player = async () => {
    if (!who) throw new Error(`Name the player.\n${USAGE}`);
    return who.startsWith('id:') ? who.slice(3) : m.playerOf(who);
  };
  switch (command) {
    case 'reports': {
      const page = await m.reports(limit, after);
      return pageText(page.items, reportLine, page.next);
    }
    case 'log': {
      const page = await m.log(limit, after);
      return pageText(page.items, actionLine, page.next);
    }
    case 'rename': {
      const by = actor();
      const name = rest.join(' ');
      if (!name) throw new Error(`Give the new name.\n${USAGE}`);
      return actionLine(await m.rename(await player(), name, by));
    }
    case 'hide':
    case 'unhide':
    case 'suspend':
    case 'unsuspend': {
      const by = actor();
      return actionLine(await m.standing(command, await player(), by));
    }
    default:
      return USAGE;
  }
}
