/**
 * The test tiers (tests/support/tiers.ts, vitest.config.ts): every test file is in exactly one vitest
 * project, and no file of the unit project reaches DynamoDB Local through its imports (the unit
 * project starts none). The start order's figures (tests/support/sequencer.ts) name test files that exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { SECONDS } from '../support/sequencer.js';

/** Every `*.test.ts` under tests/, as a path from the project root. */
function testFiles(): string[] {
  return readdirSync('tests', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `tests/${f.split('\\').join('/')}`)
    .sort();
}

const IMPORT_RE = /(?:import|export)(?!\s+type\b)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const DATABASE = ['tests/support/dynamo.ts', 'tests/support/api.ts', 'functions/local/dynamo-local.ts'];

/** The relative imports (types aside) of `file`, followed through everything under tests/. */
function reaches(file: string): Set<string> {
  const seen = new Set<string>();
  const todo = [resolve(file)];
  while (todo.length > 0) {
    const at = todo.pop()!;
    const rel = relative(process.cwd(), at).split('\\').join('/');
    if (seen.has(rel)) continue;
    seen.add(rel);
    if (!rel.startsWith('tests/')) continue;
    for (const m of readFileSync(at, 'utf8').matchAll(IMPORT_RE)) {
      const path = resolve(dirname(at), (m[1] ?? m[2])!).replace(/\.js$/, '.ts');
      if (existsSync(path)) todo.push(path);
    }
  }
  return seen;
}

describe('test tiers', () => {
  it('every test file is in exactly one of the unit, integration and browser projects', async () => {
    const vitest = await createVitest('test', { watch: false, config: resolve('vitest.config.ts') });
    try {
      const projectsOf = new Map<string, string[]>();
      for (const spec of await vitest.globTestSpecifications()) {
        const file = relative(process.cwd(), spec.moduleId).split('\\').join('/');
        projectsOf.set(file, [...(projectsOf.get(file) ?? []), spec.project.name]);
      }
      const files = testFiles();
      expect(files.length).toBeGreaterThan(100);
      expect(files.filter((f) => projectsOf.get(f)?.length !== 1).map((f) => `${f}: ${projectsOf.get(f) ?? 'none'}`)).toEqual([]);
      expect(new Set([...projectsOf.values()].flat())).toEqual(new Set(['unit', 'integration', 'browser']));
    } finally {
      await vitest.close();
    }
  });

  it('no unit test file imports the DynamoDB Local helpers', async () => {
    const vitest = await createVitest('test', { watch: false, config: resolve('vitest.config.ts') });
    const unit = (await vitest.globTestSpecifications()).filter((s) => s.project.name === 'unit').map((s) => s.moduleId);
    await vitest.close();
    expect(unit.length).toBeGreaterThan(40);
    const offenders = unit.filter((f) => DATABASE.some((d) => reaches(f).has(d)));
    expect(offenders.map((f) => relative(process.cwd(), f))).toEqual([]);
  });

  it('every file the start order names is a test file', () => {
    const files = new Set(testFiles());
    expect(Object.keys(SECONDS).length).toBeGreaterThan(20);
    expect(Object.keys(SECONDS).filter((f) => !files.has(f))).toEqual([]);
  });
});
