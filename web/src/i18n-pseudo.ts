/**
 * The pseudo-locale's catalog (tests only, `?lang=en-XA`). web/build.ts replaces this module with
 * the English catalog compiled with every message marked ⟦…⟧ and accented; unbuilt it is plain English.
 */
import { en } from '#shared/i18n/en.js';

export const messages: Record<string, unknown> = en;
