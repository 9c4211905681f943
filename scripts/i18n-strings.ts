/**
 * Counts the words still written in code, not yet in the translated word lists: string literals and JSX
 * text that look like words a player reads, per file, in the folders given (default: web/src,
 * shared/games, functions). A rough census for planning the conversion (it counts some multi-word class names too); the proof
 * that a page is converted is the pseudo-locale check in the browser (tests/web/support/pseudo.ts).
 *
 *   npx tsx scripts/i18n-strings.ts [folder…]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const files = (d: string): string[] =>
  readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
  });

/** Attributes whose values are never words for people. */
const CODE_ATTRS = new Set([
  'class',
  'id',
  'type',
  'href',
  'for',
  'key',
  'name',
  'value',
  'role',
  'autoComplete',
  'inputMode',
  'rel',
  'src',
  'lang',
]);
/** Calls whose string arguments are names, selectors or test titles, not words. */
const CODE_CALLS =
  /^(querySelector|getElementById|addEventListener|startsWith|endsWith|includes|getItem|setItem|header|get|set|test|it|describe|t)$/;

const looksLikeWords = (s: string) =>
  /[A-Za-z]{2,}/.test(s) &&
  (/\s/.test(s.trim()) || /^[A-Z][a-z]/.test(s.trim())) &&
  !/^[a-z-]+(\.[a-z-]+)*$/.test(s) &&
  !/^(\.|\/|#|@|http|[a-z]+:)/.test(s.trim());

function count(file: string): number {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node) && /[A-Za-z]{2,}/.test(node.text)) n++;
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const p = node.parent;
      if (ts.isJsxAttribute(p) && CODE_ATTRS.has(p.name.getText())) return;
      if (ts.isPropertyAssignment(p) && p.name === node) return;
      if (ts.isCallExpression(p) && CODE_CALLS.test(p.expression.getText().split('.').pop() ?? '')) return;
      if (looksLikeWords(node.getText().slice(1, -1))) n++;
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return n;
}

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['web/src', 'shared/games', 'functions'];
let total = 0;
for (const file of roots.flatMap((r) => (statSync(r).isDirectory() ? files(r) : [r]))) {
  if (/shared[\\/]i18n|functions[\\/]i18n\.ts/.test(file)) continue;
  const n = count(file);
  if (n) console.log(`${String(n).padStart(5)}  ${file}`);
  total += n;
}
console.log(`${String(total).padStart(5)}  in all`);
