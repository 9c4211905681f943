/**
 * The documents stay a map that is true: README.md and ARCHITECTURE.md are short enough to read first, and
 * every file or folder that README.md, ARCHITECTURE.md and docs/ name in backticks, and every relative link
 * they hold, exists. A path may be written from the project root or from inside a folder the text is about
 * (`matches/undo.ts` for functions/matches/undo.ts): it counts when some file or folder of the project ends
 * with it. Placeholders (`games/<id>/`), globs and URLs are not paths and are skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SKIP_DIRS = new Set(['node_modules', '.git', '.data', 'dist', 'cdk.out', 'coverage']);

/** Every file and folder of the project, as paths from the root, folders ending in '/'. */
function projectPaths(dir = '.'): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const p = join(dir, name);
    const rel = relative('.', p).split('\\').join('/');
    return statSync(p).isDirectory() ? [`${rel}/`, ...projectPaths(p)] : [rel];
  });
}

const DOCUMENTS = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split('\\').join('/')}`),
];

const PATH_RE = /^[\w.-]+(?:\/[\w.-]+)*\/?$/;
const EXTENSION_RE = /\.(?:ts|tsx|md|json|jsonc|css|html|js|mjs|sh|png)$/;

/** The backticked words of `text` that name a file or folder: a slash or a file extension, no placeholder. */
function backtickedPaths(text: string): string[] {
  const words = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return words.filter((w) => PATH_RE.test(w) && !w.startsWith('.') && (w.includes('/') || EXTENSION_RE.test(w)));
}

/** The relative targets of the markdown links of `text` (no URL, no anchor-only link). */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!.split('#')[0]!).filter((l) => l !== '' && !/^[a-z]+:/.test(l));
}

describe('the documents', () => {
  it('README.md and ARCHITECTURE.md are at most 150 lines each', () => {
    for (const doc of ['README.md', 'ARCHITECTURE.md']) {
      expect(readFileSync(doc, 'utf8').split('\n').length, doc).toBeLessThanOrEqual(150);
    }
  });

  it('every backticked path in README.md, ARCHITECTURE.md and docs/ exists', () => {
    const paths = projectPaths();
    const missing = DOCUMENTS.flatMap((doc) =>
      backtickedPaths(readFileSync(doc, 'utf8'))
        .filter((p) => !paths.some((q) => q === p || q.endsWith(`/${p}`) || q === `${p}/` || q.endsWith(`/${p}/`)))
        .map((p) => `${doc}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('every relative link in them points at a file that exists', () => {
    const broken = DOCUMENTS.flatMap((doc) =>
      relativeLinks(readFileSync(doc, 'utf8'))
        .filter((l) => !existsSync(join(dirname(doc), l)))
        .map((l) => `${doc}: ${l}`),
    );
    expect(broken).toEqual([]);
  });

  it('name no issue numbers', () => {
    const found = DOCUMENTS.filter((doc) => /\bissue \d+/i.test(readFileSync(doc, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check finds a path that does not exist (the check itself)', () => {
    expect(backtickedPaths('see `functions/nowhere.ts` and `games/<id>/`')).toEqual(['functions/nowhere.ts']);
  });
});
