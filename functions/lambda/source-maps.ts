/**
 * Stack traces mapped to the TypeScript sources, paid for at the first error instead of at every cold start.
 * Imported first by every Lambda entry. The bundles ship `index.mjs.map` beside them without the
 * `sourceMappingURL` comment (infra/functions.ts BUNDLE), and the functions run without `--enable-source-maps`:
 * with both, Node 22 parses the whole map and walks every character of the bundle before any of our code runs
 * (≈ 10 ms of the API's cold import, docs/decisions/api-cold-start.md).
 *
 * Instead, this installs an `Error.prepareStackTrace` that, the first time a stack holds a frame of this bundle,
 * reads the map beside it once and rewrites those frames as Node's own source-map support writes them
 * (lib/internal/source_map/prepare_stack_trace.js: the same line, column and name). A stack without a frame of
 * the bundle goes to the formatter that was there before, untouched; frames of other files in a mapped stack are
 * written as they were. Any failure (no map, a bad map) leaves the plain trace; it never throws.
 * Where Node maps already (`--enable-source-maps`, tsx), it leaves stacks to Node.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

type Format = (error: Error, trace: NodeJS.CallSite[]) => unknown;

/** The mapping of one position, as `SourceMap.findEntry` answers when it finds one. */
interface Entry {
  originalSource?: string;
  originalLine?: number;
  originalColumn?: number;
  name?: string;
}

const AT = '\n    at ';

/** Installs the formatter for the module at `bundle` (a file URL), its map at `<bundle>.map`. */
export function mapStacks(bundle: string): void {
  const plain: Format = Error.prepareStackTrace ?? ((error, trace) => `${error}${trace.map((site) => `${AT}${site}`).join('')}`);
  const mapUrl = new URL(`${new URL(bundle).pathname.split('/').pop()}.map`, bundle);
  // undefined: not read yet; null: read and failed (or being read), never tried again.
  let map: SourceMap | null | undefined;
  const load = (): SourceMap | null => {
    if (map !== undefined) return map;
    map = null;
    const payload = JSON.parse(readFileSync(mapUrl, 'utf8'));
    // As Node does (sourcesToAbsolute): each source resolved against the map's own URL.
    payload.sources = payload.sources.map((s: string) => new URL((payload.sourceRoot ?? '') + s, mapUrl).href);
    payload.sourceRoot = '';
    map = new SourceMap(payload);
    return map;
  };
  Error.prepareStackTrace = (error, trace) => {
    try {
      if (!trace.some((site) => site.getFileName() === bundle)) return plain(error, trace);
      const sm = load();
      if (!sm) return plain(error, trace);
      const head = String(plain(error, []));
      return head + trace.map((site, i) => `${AT}${site.getFileName() === bundle ? frame(sm, site, trace[i + 1]) : site}`).join('');
    } catch {
      try {
        return plain(error, trace);
      } catch {
        return `${error}`;
      }
    }
  };
}

/** One frame of the bundle as Node writes it with source maps on (serializeJSStackFrame). */
function frame(sm: SourceMap, site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string {
  const { originalSource, originalLine, originalColumn } = entry(sm, site.getLineNumber(), site.getColumnNumber());
  if (originalSource === undefined || originalLine === undefined || originalColumn === undefined) return `${site}`;
  const name = symbolName(sm, site, caller);
  const source = originalSource.startsWith('file://') ? fileURLToPath(originalSource) : originalSource;
  const prefix = site.isAsync() ? 'async ' : site.isConstructor() ? 'new ' : '';
  const typeName = site.getTypeName();
  const namePrefix = typeName !== null && typeName !== 'global' ? `${typeName}.` : '';
  const fnName = site.getFunctionName() ?? site.getMethodName();
  return `${prefix}${namePrefix}${name || fnName || '<anonymous>'} (${source}:${originalLine + 1}:${originalColumn + 1})`;
}

/** The name the minifier took away: the enclosing function's, else the one at the caller's site (getOriginalSymbolName). */
function symbolName(sm: SourceMap, site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string | undefined {
  const enclosing = entry(sm, site.getEnclosingLineNumber(), site.getEnclosingColumnNumber());
  if (enclosing.name) return enclosing.name;
  if (caller && caller.getFileName() === site.getFileName()) return entry(sm, caller.getLineNumber(), caller.getColumnNumber()).name;
  return undefined;
}

/** `findEntry` takes 0-based offsets; call sites count from 1. */
const entry = (sm: SourceMap, line: number | null, column: number | null): Entry =>
  sm.findEntry((line ?? 0) - 1, (column ?? 0) - 1) as Entry;

if (!process.sourceMapsEnabled) mapStacks(import.meta.url);
