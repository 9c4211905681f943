/**
 * The server's side of the two languages: the same catalogs as the pages (shared/i18n), compiled a part at
 * a time when a message of that part is first asked for (the server's words of a language; each game's),
 * and `t(lang, key, params)` for mails, push texts and the HTML pages the API serves; `langOf` reads a
 * request's Accept-Language; `zodMessages` gives a per-parse error map so validation messages come in the
 * request's language (the one global zod config, English, is set where issues become errors:
 * functions/matches/errors.ts). The Lambda bundles hold no words: each part comes, compiled, from a JSON file
 * shipped beside the bundle (`wordsFiles`, infra/functions.ts).
 *
 * web/build.ts compiles the catalogs for the pages with `compileCatalog` from here, so the page and
 * the server read one message the same way.
 */
import { readFileSync } from 'node:fs';
import { type Messages, setupI18n } from '@lingui/core';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { en as zodEn, nl as zodNl } from 'zod/locales';
import type { Params as WordParams } from '#shared/engine/game.js';
import { en } from '#shared/i18n/en.js';
import { errorsEn, type ServerErrorKey } from '#shared/i18n/errors/en.js';
import { errorsNl } from '#shared/i18n/errors/nl.js';
import * as format from '#shared/i18n/format.js';
import { isGameId } from '#shared/games/ids.js';
import { GAME_WORDS, type GameWithWords } from '#shared/i18n/games/index.js';
import { type Catalog, isLang, LANGS, type Lang, type MessageKey, PSEUDO, pickLang } from '#shared/i18n/index.js';
import { type MailKey, mailEn } from '#shared/i18n/mail/en.js';
import { mailNl } from '#shared/i18n/mail/nl.js';
import { nl } from '#shared/i18n/nl.js';
import { en as panelsEn } from '#shared/i18n/panels/en.js';
import { nl as panelsNl } from '#shared/i18n/panels/nl.js';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText } from '#shared/i18n/pseudo.js';
import { type BotSeat, computerName, type Speaker, say } from '#shared/i18n/render.js';

export { LANGS, type Lang, type MessageKey } from '#shared/i18n/index.js';

export type { ServerErrorKey } from '#shared/i18n/errors/en.js';
export type { MailKey } from '#shared/i18n/mail/en.js';

/** Every language's words, as the source tree holds them; shared/i18n's modules are the one source. */
const SITE: Record<Lang, Readonly<Record<string, string>>> = { en, nl };
const PANELS: Record<Lang, Readonly<Record<string, string>>> = { en: panelsEn, nl: panelsNl };

/** The server's own words (mails, push texts, its pages: shared/i18n/mail), merged into its catalogs only. */
export const MAIL_CATALOGS: Record<Lang, Record<MailKey, string>> = { en: mailEn, nl: mailNl };

/** The API's refusals (shared/i18n/errors), server-only too: the page shows the message it is sent. */
export const ERROR_CATALOGS: Record<Lang, Record<ServerErrorKey, string>> = { en: errorsEn, nl: errorsNl };

/**
 * The site's catalogs, as the pages get them (web/build.ts compiles these: no server words in the page):
 * the page's catalog, the panels' and every game's (the pages load them apart). Each is put together when
 * first read; the Lambda bundles never read them (their words come in parts, below).
 */
export const CATALOGS: Record<Lang, Catalog> = {
  get en() {
    return siteCatalog('en');
  },
  get nl() {
    return siteCatalog('nl');
  },
};

const siteCatalogs = new Map<Lang, Catalog>();
function siteCatalog(lang: Lang): Catalog {
  let catalog = siteCatalogs.get(lang);
  if (!catalog) {
    catalog = Object.assign({}, SITE[lang], PANELS[lang], ...Object.values(GAME_WORDS).map((g) => g[lang])) as Catalog;
    siteCatalogs.set(lang, catalog);
  }
  return catalog;
}

/**
 * A language's words in parts, each loaded the first time a message of it is asked for: `server` (the site's,
 * the panels', the mails' and the refusals': every key but a game's own) and one part per game (its
 * `game.<id>.*` words but the name, which `server` has). A mail about one game never loads another's.
 */
export type WordsPart = 'server' | GameWithWords;
/** Whether a game has words (all do: GAME_WORDS is a `Record<GameId, …>`); by id, so the bundles need not hold GAME_WORDS to ask. */
const hasWords = (id: string): id is GameWithWords => isGameId(id);

/** A part's words as the source tree has them. */
function sourceWords(lang: Lang, part: WordsPart): Readonly<Record<string, string>> {
  return part === 'server' ? { ...SITE[lang], ...PANELS[lang], ...MAIL_CATALOGS[lang], ...ERROR_CATALOGS[lang] } : GAME_WORDS[part][lang];
}

/** Every message compiled (a syntax error throws, naming the key); `pseudo` gives the marked, accented form. */
export function compileCatalog(
  catalog: Readonly<Record<string, string>>,
  opts: { pseudo?: boolean } = {},
): Record<string, CompiledMessage> {
  const out: Record<string, CompiledMessage> = {};
  for (const [key, message] of Object.entries(catalog)) {
    try {
      const tokens = compileMessageOrThrow(message, opts.pseudo ? pseudoText : undefined);
      out[key] = opts.pseudo ? [PSEUDO_OPEN, ...tokens, PSEUDO_CLOSE] : tokens;
    } catch (e) {
      throw new Error(`${key}: ${(e as Error).message}`);
    }
  }
  return out;
}

/** The pseudo-locale's catalog: English, each message marked ⟦…⟧ with accented letters. */
export const pseudoCatalog = () => compileCatalog(CATALOGS.en, { pseudo: true });

/** Where a part's messages are, under the words directory beside a bundle. */
const wordsFile = (lang: Lang | typeof PSEUDO, part: WordsPart) => (part === 'server' ? `${lang}.json` : `${lang}/${part}.json`);

/** A part's messages compiled, as the source tree has them (in the pseudo-locale: the English, marked). */
function compiledFromSource(lang: Lang | typeof PSEUDO, part: WordsPart): Messages {
  return compileCatalog(sourceWords(lang === PSEUDO ? 'en' : lang, part), { pseudo: lang === PSEUDO });
}

/**
 * The files a Lambda bundle ships in `words/` beside it (infra/functions.ts writes them): each part's messages,
 * compiled, as JSON, so the bundle holds neither words nor the ICU parser, and a cold start evaluates none; a
 * part is read and parsed when a message of it is first needed.
 */
export function wordsFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const lang of [...LANGS, PSEUDO] as const) {
    for (const part of ['server', ...(Object.keys(GAME_WORDS) as GameWithWords[])] as const)
      files[wordsFile(lang, part)] = JSON.stringify(compiledFromSource(lang, part));
  }
  return files;
}

/**
 * A part's messages. `process.env.DUTCH_WORDS` is "files" in a Lambda bundle (infra/functions.ts BUNDLE.define
 * writes it in when bundling): they are read from the JSON files beside it, and the catalog modules and the
 * compiler, referenced only on the other branch, are left out of the bundle. Anywhere else (npm start, the
 * tests, the site's build) they are compiled from the source tree.
 */
function compiled(lang: Lang | typeof PSEUDO, part: WordsPart): Messages {
  if (process.env.DUTCH_WORDS !== 'files') return compiledFromSource(lang, part);
  return JSON.parse(readFileSync(new URL(`./words/${wordsFile(lang, part)}`, import.meta.url), 'utf8'));
}

// Each part of a language is loaded when first asked for (a Lambda's cold start loads none it does not use).
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
/** Per language (and the pseudo-locale): the parts loaded, and every key they hold. */
const loaded = new Map<string, { parts: Set<WordsPart>; keys: Set<string> }>();

function load(lang: Lang | typeof PSEUDO, part: WordsPart) {
  let done = loaded.get(lang);
  if (!done) {
    done = { parts: new Set(), keys: new Set() };
    loaded.set(lang, done);
  }
  if (done.parts.has(part)) return done;
  const messages = compiled(lang, part);
  i18n.load(lang, messages);
  for (const key of Object.keys(messages)) done.keys.add(key);
  done.parts.add(part);
  return done;
}

/** Loads the parts `key` needs in `lang` (a game's words only for a key of that game's the server part lacks); whether it is known. */
function prepare(lang: Lang | typeof PSEUDO, key: string): boolean {
  const done = load(lang, 'server');
  if (done.keys.has(key)) return true;
  const game = key.startsWith('game.') ? key.slice('game.'.length, key.indexOf('.', 'game.'.length)) : '';
  return hasWords(game) && load(lang, game).keys.has(key);
}

export type Params = Record<string, string | number | Date>;

/** The message `key` in `lang`, its placeholders filled from `params`. */
export function t(lang: Lang | typeof PSEUDO, key: MessageKey | MailKey | ServerErrorKey, params?: Params): string {
  prepare(lang, key);
  if (i18n.locale !== lang) i18n.activate(lang);
  return i18n._(key, params);
}

/**
 * A game's name in `lang`: the catalog's `game.<id>.name`, or `fallback` (the game's own name) for a
 * game the catalogs do not know (the tests' games).
 */
export function gameNameIn(lang: Lang, id: string, fallback: string): string {
  const key = `game.${id}.name`;
  return prepare(lang, key) ? t(lang, key as MessageKey) : fallback;
}

/** A request's language from its Accept-Language header (q-values honoured); English when it names none of ours. */
export function langOf(req: { header(name: string): string | undefined } | Request): Lang {
  return langAsked(req) ?? LANGS[0];
}

/**
 * The language a request names in its Accept-Language header, or undefined when it names none of ours
 * (or sends none): what a stored choice is updated from, so a client that says nothing changes nothing.
 */
export function langAsked(req: { header(name: string): string | undefined } | Request): Lang | undefined {
  const header = req instanceof Request ? req.headers.get('Accept-Language') : req.header('Accept-Language');
  if (!header) return undefined;
  const wanted = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((r) => /^\s*q=([\d.]+)\s*$/.exec(r)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((w) => w.tag && w.tag !== '*' && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const spoken = wanted.map((w) => w.tag).filter((tag) => isLang(tag.trim().toLowerCase().split('-')[0]));
  return spoken.length > 0 ? pickLang(spoken) : undefined;
}

type ZodErrorMap = ReturnType<typeof zodEn>['localeError'];
const ZOD_LOCALES: Record<Lang, () => { localeError: ZodErrorMap }> = { en: zodEn, nl: zodNl };
/** Each language's map, made when a parse first needs it (not at a cold start). */
const ZOD: Partial<Record<Lang, ZodErrorMap>> = {};

/** The per-parse error map of a language: `schema.safeParse(input, { error: zodMessages(lang) })`. */
export const zodMessages = (lang: Lang): ZodErrorMap => (ZOD[lang] ??= ZOD_LOCALES[lang]().localeError);

/**
 * How `lang` names seats and lists: seat `n` by `names[n]`, a seat without a name as "a player". For
 * `say` (shared/i18n/render.ts), so a mail's log line reads as the page's.
 */
export function speaker(lang: Lang | typeof PSEUDO, names: readonly (string | null | undefined)[]): Speaker {
  return {
    t: (key, params) => t(lang, key as MessageKey, params),
    seatName: (seat) => names[seat] ?? t(lang, 'mail.aPlayer'),
    list: (items) => format.list(lang === PSEUDO ? 'en' : lang, items),
  };
}

/**
 * The seats' names as `lang` says them: a player's as they gave it, a seat made for a computer as
 * "Computer 2 (strong)" in that language (numbered when the match has several), as the page names them.
 */
export function seatNamesIn(lang: Lang | typeof PSEUDO, seats: readonly (BotSeat & { name: string | null })[]): (string | null)[] {
  return seats.map((s, i) => {
    const computer = computerName(seats, i);
    return computer ? say(computer, speaker(lang, [])) : s.name;
  });
}

/** A log line, rule error or result (words, or an older record's English) in `lang`, seats named from `names`. */
export function sayIn(
  lang: Lang | typeof PSEUDO,
  x: { key?: string; params?: WordParams; text?: string; message?: string; summary?: string } | string,
  names: readonly (string | null | undefined)[],
): string {
  return say(typeof x === 'string' ? { text: x } : x, speaker(lang, names), names.length);
}
