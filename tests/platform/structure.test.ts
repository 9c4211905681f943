/**
 * The shape of functions/ (issue 14): no two parts import each other, directly or round a longer
 * circle; and no function outside the tests (functions, shared, web, infra, scripts) is too long to
 * read in one go. A part is a folder directly under functions/
 * (matches, notify, storage, http, lambda, local) or a file at its top (app.ts, deps.ts). And every
 * registry of games is keyed by the game id type, every table of languages by `Lang`, and every change to
 * a match goes through the one runner, functions/matches/change.ts (issue 26; the last parts of this file).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BOT_PLAYERS, botPlayers } from '#shared/games/bots.js';
import { GAME_IDS, GAMES, GAMES_BY_ID, gameRegistry } from '#shared/games/index.js';
import { GAME_WORDS } from '#shared/i18n/games/index.js';
import { CATALOGS, LANGS } from '../../functions/i18n.js';
import { GAME_UIS } from '../../web/src/games/index.js';
import { GAME_WORDS as PAGE_GAME_WORDS } from '../../web/src/i18n.js';

const ROOT = resolve('functions');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
  });
}

/** The part of functions/ a path belongs to, or null outside functions/. */
function partOf(path: string): string | null {
  const rel = relative(ROOT, path);
  if (rel.startsWith('..')) return null;
  return rel.split(sep)[0]!;
}

/** Every relative module a file imports (values and types alike: both tie the parts together). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** part → the parts it imports, and for each edge one file that makes it (for the message). */
function partGraph() {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files(ROOT)) {
    const from = partOf(file)!;
    for (const target of importsOf(file)) {
      const to = partOf(target);
      if (to === null || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, relative('.', file));
    }
  }
  return edges;
}

/** The circles of a graph: its strongly connected components of more than one part (Tarjan). */
function circles(edges: Map<string, Map<string, string>>): string[][] {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return out;
}

describe('functions/ has one home per concern', () => {
  const edges = partGraph();

  it('sees the parts and their imports', () => {
    const parts = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
    expect([...parts]).toEqual(expect.arrayContaining(['app.ts', 'http', 'matches', 'notify', 'storage', 'lambda', 'local']));
    expect(edges.get('http')?.has('matches')).toBe(true);
  });

  it('no two parts import each other, directly or round a circle', () => {
    const found = circles(edges).map((c) =>
      c.flatMap((a) => c.filter((b) => edges.get(a)?.has(b)).map((b) => `${a} → ${b} (${edges.get(a)!.get(b)})`)).join('; '),
    );
    expect(found).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const g = new Map([
      ['a', new Map([['b', 'x']])],
      ['b', new Map([['c', 'y']])],
      ['c', new Map([['a', 'z']])],
      ['d', new Map([['a', 'w']])],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c']]);
  });

  it('the match side knows nothing of HTTP, notifications or the database', () => {
    expect([...(edges.get('matches')?.keys() ?? [])]).toEqual([]);
  });

  it('notifications know nothing of HTTP or the database', () => {
    // observe.ts: the log and metrics ports, which import nothing.
    expect([...(edges.get('notify')?.keys() ?? [])].sort()).toEqual(['i18n.ts', 'matches', 'observe.ts']);
  });
});

/** Every function (declarations, methods, arrows, components) in `dirs` longer than `max` lines. */
function longFunctions(dirs: readonly string[], max: number): string[] {
  const long: string[] = [];
  for (const file of dirs.flatMap((d) => files(resolve(d)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > max) long.push(`${relative('.', file)}:${start + 1} (${end - start + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return long;
}

describe('functions short enough to read in one go', () => {
  it('no function outside the tests is longer than 120 lines (functions, shared, web, infra, scripts)', () => {
    expect(longFunctions(['functions', 'shared', 'web/src', 'infra', 'scripts'], 120)).toEqual([]);
  });

  it('finds a long one when there is one (the check itself)', () => {
    expect(longFunctions(['functions'], 5).length).toBeGreaterThan(0);
  });
});

/**
 * One way to change a match (issue 26): the runner in functions/matches/change.ts is the only place that
 * reads, commits conditionally and reads again on a lost race. Elsewhere under functions/ no loop calls a
 * `commit` (a hand-written optimistic retry), no `for (let attempt …)` loop sits in functions/matches/, and
 * no match module but the runner calls the store's `commit` at all.
 */
const RUNNER = resolve('functions/matches/change.ts');

/** Hand-written optimistic-retry loops and direct commits of a match in `sources` ([path, text]), outside the runner. */
function retryLoops(sources: [string, string][]): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    if (file === RUNNER) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (n: ts.Node, what: string) =>
      `${relative('.', file)}:${source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1} ${what}`;
    const inMatches = !relative(resolve('functions/matches'), file).startsWith('..');
    const commitIn = (node: ts.Node): ts.CallExpression | undefined => {
      let call: ts.CallExpression | undefined;
      const visit = (n: ts.Node) => {
        if (call) return;
        if (ts.isCallExpression(n)) {
          const callee = n.expression;
          const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
          if (/commit/i.test(name)) call = n;
        }
        ts.forEachChild(n, visit);
      };
      visit(node);
      return call;
    };
    const visit = (node: ts.Node) => {
      if (ts.isIterationStatement(node, false) && commitIn(node.statement)) found.push(where(node, 'a loop around a commit'));
      if (
        inMatches &&
        ts.isForStatement(node) &&
        node.initializer &&
        ts.isVariableDeclarationList(node.initializer) &&
        node.initializer.declarations.some((d) => d.name.getText(source) === 'attempt')
      ) {
        found.push(where(node, 'for (let attempt …)'));
      }
      if (inMatches && ts.isCallExpression(node) && /\.commit$/.test(node.expression.getText(source))) {
        found.push(where(node, 'a commit outside the runner'));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('one way to change a match', () => {
  it('no optimistic-retry loop and no commit of a match outside the runner (functions/matches/change.ts)', () => {
    expect(retryLoops(files(ROOT).map((f) => [f, readFileSync(f, 'utf8')]))).toEqual([]);
    // The runner itself is one.
    expect(retryLoops([[resolve('functions/matches/other.ts'), readFileSync(RUNNER, 'utf8')]]).length).toBeGreaterThan(0);
  });

  it('finds one when there is one (the check itself)', () => {
    const loop = (body: string): [string, string][] => [[resolve('functions/matches/x.ts'), body]];
    expect(retryLoops(loop('async function f(s) { for (let attempt = 0; attempt < 8; attempt++) { await g(); } }'))).toHaveLength(1);
    expect(retryLoops(loop('async function f(s) { while (true) { if ((await s.commit(c)).ok) return; } }'))).toHaveLength(2);
    expect(retryLoops([[resolve('functions/notify/x.ts'), 'async function f(s) { do { await commitAll(); } while (x); }']])).toHaveLength(
      1,
    );
    expect(retryLoops(loop('async function f(s) { const r = await runChange(d, id, decide); for (const x of r) use(x); }'))).toEqual([]);
  });
});

/**
 * Registries the compiler checks (issue 26): every table of games is keyed by `GameId`
 * (shared/games/ids.ts), so a game id added to GAME_IDS without its entries does not compile, and
 * shared/games/README.md's guide to a fourth game names every file the compiler then asks about;
 * likewise every table of languages is keyed by `Lang` (LANGS, shared/i18n/index.ts), and
 * ARCHITECTURE.md's "A third language" names the files a new language is asked for.
 */
const ID_FILE = resolve('shared/games/ids.ts');
const SOURCE_DIRS = ['shared', 'functions', 'web/src', 'web/build.ts', 'scripts', 'infra', 'tests'];
const sourceFiles = () => SOURCE_DIRS.flatMap((d) => (statSync(d).isDirectory() ? files(resolve(d)) : [resolve(d)]));

/** Object literals (and `new Map([...])` entry lists) keyed by two or more of `ids` whose declaration does not name `GameId`. */
function untypedRegistries(file: string, text: string, ids: readonly string[]): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const line = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  /** Whether the literal's declaration (its variable's type, a `satisfies`, an `as`) names GameId. */
  const typed = (n: ts.Node): boolean => {
    for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
      if ((ts.isSatisfiesExpression(p) || ts.isAsExpression(p)) && /\bGameId\b/.test(p.type.getText(source))) return true;
      if (ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isParameter(p))
        return p.type !== undefined && /\bGameId\b/.test(p.type.getText(source));
      if (ts.isBlock(p) || ts.isSourceFile(p)) return false;
    }
    return false;
  };
  const idCount = (names: (string | undefined)[]) => names.filter((n) => n !== undefined && ids.includes(n)).length;
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.map((p) =>
        p.name && (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)) ? p.name.text : undefined,
      );
      if (idCount(keys) >= 2 && !typed(node)) found.push(`${relative('.', file)}:${line(node)}`);
    }
    if (
      ts.isNewExpression(node) &&
      node.expression.getText(source) === 'Map' &&
      node.arguments?.[0] &&
      ts.isArrayLiteralExpression(node.arguments[0])
    ) {
      const keys = node.arguments[0].elements.map((e) =>
        ts.isArrayLiteralExpression(e) && e.elements[0] && ts.isStringLiteral(e.elements[0]) ? e.elements[0].text : undefined,
      );
      if (idCount(keys) >= 2) found.push(`${relative('.', file)}:${line(node)} (a Map of games: make it a Record<GameId, …>)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The closed lists that key registries: where each is, which files use it, and the id a test adds. */
const LISTS = {
  games: { file: ID_FILE, list: 'GAME_IDS', uses: /\b(GameId|GAME_IDS|isGameId)\b/, extra: 'fourth-game' },
  langs: { file: resolve('shared/i18n/index.ts'), list: 'LANGS', uses: /\b(Lang|LANGS|isLang|HelpModules)\b/, extra: 'fr' },
} as const;

/**
 * The project's files that use one closed list, type-checked with the list's `extra` added to it: the
 * files with an error that names the new id (so nothing else is taken for what the new id asks for).
 */
function filesTheCompilerAsksAbout({ file, list, uses, extra }: (typeof LISTS)[keyof typeof LISTS]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve('tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const roots = sourceFiles().filter((f) => f !== file && uses.test(readFileSync(f, 'utf8')));
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  const added = new RegExp(`(${list} = \\[[^\\]]*)\\]`);
  host.readFile = (name) => {
    const text = read(name);
    return text !== undefined && resolve(name) === file ? text.replace(added, `$1, '${extra}']`) : text;
  };
  const program = ts.createProgram({ rootNames: roots, options: config.options, host });
  const named = new RegExp(`(?<![\\w-])${extra}(?![\\w-])`);
  const names = (d: ts.Diagnostic) => named.test(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return roots.filter((f) => program.getSemanticDiagnostics(program.getSourceFile(f)).some(names)).map((f) => relative('.', f));
}

describe('registries are keyed by the closed lists: game ids and languages', () => {
  it('no table of games outside GameId (an object keyed by game ids, or a Map of them)', () => {
    const found = sourceFiles().flatMap((f) => untypedRegistries(f, readFileSync(f, 'utf8'), GAME_IDS));
    expect(found).toEqual([]);
  });

  it('finds an untyped one when there is one (the check itself)', () => {
    const text = `const A: Record<string, number> = { 'dutch-auction': 1, 'golden-age': 2 };
      const B: Record<GameId, number> = { 'dutch-auction': 1, 'golden-age': 2 };
      const C = { 'dutch-auction': 1, 'golden-age': 2 } as const satisfies Record<GameId, number>;
      const D = new Map([['dutch-auction', 1], ['golden-age', 2]]);
      const E = { game: 'golden-age', seats: 3 };`;
    expect(untypedRegistries('x.ts', text, GAME_IDS)).toEqual(['x.ts:1', 'x.ts:4 (a Map of games: make it a Record<GameId, …>)']);
  });

  it('each registry holds exactly the game ids, each game under its own id', () => {
    for (const registry of [GAMES_BY_ID, BOT_PLAYERS, GAME_WORDS, PAGE_GAME_WORDS, GAME_UIS])
      expect(Object.keys(registry)).toEqual([...GAME_IDS]);
    expect(GAMES.map((g) => g.id)).toEqual([...GAME_IDS]);
    expect([...gameRegistry.keys()]).toEqual([...GAME_IDS]);
    expect([...botPlayers.keys()]).toEqual([...GAME_IDS]);
    for (const lang of LANGS)
      for (const id of GAME_IDS) expect(Object.hasOwn(CATALOGS[lang], `game.${id}.name`), `${lang}: ${id}`).toBe(true);
  });

  it('a game id added without its entries fails to compile in each registry, and the fourth-game guide names them all', () => {
    const asked = filesTheCompilerAsksAbout(LISTS.games);
    expect(asked).toEqual(
      expect.arrayContaining([
        'shared/games/index.ts',
        'shared/games/bots.ts',
        'shared/i18n/games/index.ts',
        'shared/i18n/en.ts',
        'web/src/i18n.ts',
        'web/src/games/index.ts',
      ]),
    );
    // The guide's table: one row per file, its first cell the file's path.
    const guide = readFileSync('shared/games/README.md', 'utf8').split('## Adding a fourth game')[1] ?? '';
    const rows = [...guide.matchAll(/^\| `([^`]+\.tsx?)` \|/gm)].map((m) => m[1]!);
    expect([...rows].sort(), 'the files shared/games/README.md lists for a fourth game').toEqual([...asked].sort());
  }, 120_000);

  it('no language chosen by name, and no Intl formatter outside shared/i18n/format.ts', () => {
    const found: string[] = [];
    for (const f of SOURCE_DIRS.filter((d) => d !== 'tests').flatMap((d) =>
      statSync(d).isDirectory() ? files(resolve(d)) : [resolve(d)],
    )) {
      const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      if (/[!=]==\s*'nl'|'nl'\s*[!=]==/.test(code)) found.push(`${relative('.', f)}: compares a language with 'nl'`);
      if (/new Intl\.\w+/.test(code) && relative('.', f) !== join('shared', 'i18n', 'format.ts'))
        found.push(`${relative('.', f)}: formats with Intl by hand`);
    }
    expect(found).toEqual([]);
  });

  it('a language added without its entries fails to compile in each table of languages, and ARCHITECTURE.md names them all', () => {
    const asked = filesTheCompilerAsksAbout(LISTS.langs);
    expect(asked).toEqual(
      expect.arrayContaining([
        'shared/i18n/format.ts',
        'shared/i18n/games/index.ts',
        'functions/i18n.ts',
        'web/src/i18n.ts',
        'web/build.ts',
      ]),
    );
    const guide = /^- \*\*A third language\*\*.*(?:\n {2}.*)*/m.exec(readFileSync('ARCHITECTURE.md', 'utf8'))?.[0] ?? '';
    for (const file of asked) expect(guide, `ARCHITECTURE.md's "A third language" names ${file}`).toContain(`\`${file}\``);
  }, 120_000);
});

/**
 * The database at the edge (issue 26): DynamoDB's names (its SDK packages, stream records, attribute values,
 * refused conditions, table names, the `botSeats` attribute the bots' stream filter reads) appear in functions/
 * only in storage/ (the adapters), lambda/ and local/ (the entries, which hand the table's changes on as
 * functions/changes.ts's events). Every other part speaks of its ports and of those changes. Comments may
 * point at storage details; code may not use them. (The SES and Secrets Manager clients in notify/ are AWS,
 * not the database.)
 */
const DATABASE_NAMES = [
  /@aws-sdk\/[\w-]*dynamodb/,
  /\bDynamoDB[A-Z]\w*/,
  /\.dynamodb\b/,
  /\bAttributeValue\b/,
  /ConditionalCheckFailed/,
  /\bTableName\b/,
  /\bbotSeats\b/,
] as const;
const DATABASE_PARTS = ['storage', 'lambda', 'local'];

/** The database names a file's code (its comments left out) uses, one line each: `file: name`. */
function databaseNames(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return DATABASE_NAMES.flatMap((name) => {
    const found = name.exec(code);
    return found ? [`${file}: ${found[0]}`] : [];
  });
}

describe('the database stays at the edge', () => {
  it('no DynamoDB names in functions/ outside storage/, lambda/ and local/', () => {
    const found = files(ROOT)
      .filter((f) => !DATABASE_PARTS.includes(partOf(f)!))
      .flatMap((f) => databaseNames(relative('.', f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds one when there is one (the check itself)', () => {
    const text = `// a comment may name record.dynamodb and ConditionalCheckFailedException
      import type { DynamoDBRecord } from 'aws-lambda';
      import { GetCommand } from '@aws-sdk/lib-dynamodb';
      import { SendEmailCommand } from '@aws-sdk/client-sesv2';
      export const wakes = (r: DynamoDBRecord) => r.dynamodb?.NewImage?.botSeats !== undefined;`;
    expect(databaseNames('x.ts', text)).toEqual([
      'x.ts: @aws-sdk/lib-dynamodb',
      'x.ts: DynamoDBRecord',
      'x.ts: .dynamodb',
      'x.ts: botSeats',
    ]);
    expect(databaseNames('y.ts', "const e = { name: 'ConditionalCheckFailedException', TableName: 't' };")).toEqual([
      'y.ts: ConditionalCheckFailed',
      'y.ts: TableName',
    ]);
    expect(databaseNames('z.ts', "import { botSeatsOf } from './bot-seats.js';")).toEqual([]);
  });
});
