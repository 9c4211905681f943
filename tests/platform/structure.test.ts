/**
 * The shape of functions/ (issue 14): no two parts import each other, directly or round a longer
 * circle; and no function outside the tests (functions, shared, web, infra, scripts) is too long to
 * read in one go. A part is a folder directly under functions/
 * (matches, notify, storage, http, lambda, local) or a file at its top (app.ts, deps.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

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
    expect([...(edges.get('notify')?.keys() ?? [])].sort()).toEqual(['i18n.ts', 'matches']);
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
