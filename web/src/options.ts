/**
 * The create form's option fields, read from a game's options JSON Schema (published by the API
 * in /api/openapi.json as `Options_<game id>`). Enums become choices, booleans check boxes and
 * numbers number fields; anything else keeps the game's default.
 */
import type { OptionLabel } from './games/types.js';

export type OptionField =
  | {
      key: string;
      label: string;
      hint?: string;
      type: 'choice';
      choices: { value: string; label: string }[];
      default: string;
      optional: boolean;
    }
  | { key: string; label: string; hint?: string; type: 'boolean'; default: boolean; optional: boolean }
  | {
      key: string;
      label: string;
      hint?: string;
      type: 'number';
      integer: boolean;
      min?: number;
      max?: number;
      default: number | null;
      optional: boolean;
      /** The form shows and takes the value divided by this (hours for a value kept in ms); min, max and default stay in the game's unit. */
      scale?: number;
    };

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const words = (key: string) => {
  const s = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return s[0]!.toUpperCase() + s.slice(1);
};

export function optionFields(schema: unknown, labels: Record<string, OptionLabel> = {}): OptionField[] {
  const s = schema as JsonSchema | null;
  if (!s || typeof s !== 'object' || !s.properties) return [];
  const required = new Set(s.required ?? []);
  const out: OptionField[] = [];
  for (const [key, raw] of Object.entries(s.properties)) {
    const l = labels[key];
    const label = l?.label ?? words(key);
    // A description that only says the label again adds nothing.
    const described = raw.description && raw.description.trim().toLowerCase() !== label.trim().toLowerCase() ? raw.description : undefined;
    const hint = l?.hint ?? described;
    const base = { key, label, ...(hint ? { hint } : {}), optional: !required.has(key) };
    const enumValues = raw.enum ?? (raw.anyOf?.every((a) => a.const !== undefined) ? raw.anyOf.map((a) => a.const) : undefined);
    if (enumValues?.every((v) => typeof v === 'string')) {
      const def = typeof raw.default === 'string' ? raw.default : '';
      // The default first, then the others in the game's order.
      const values = [...(enumValues as string[])].sort((x, y) => Number(y === def) - Number(x === def));
      out.push({
        ...base,
        type: 'choice',
        choices: values.map((v) => ({ value: v, label: l?.values?.[v] ?? words(v) })),
        default: def,
      });
    } else if (raw.type === 'boolean') {
      out.push({ ...base, type: 'boolean', default: raw.default === true });
    } else if (raw.type === 'integer' || raw.type === 'number') {
      out.push({
        ...base,
        type: 'number',
        integer: raw.type === 'integer',
        ...(typeof raw.minimum === 'number' ? { min: raw.minimum } : {}),
        ...(typeof raw.maximum === 'number' ? { max: raw.maximum } : {}),
        default: typeof raw.default === 'number' ? raw.default : null,
        ...(l?.scale ? { scale: l.scale } : {}),
      });
    }
  }
  return out;
}

/**
 * The fields with the defaults the game says apply for the current choices (a memory-game preset
 * decides most of its options), so that the form shows the values the match would really get.
 */
export function withDefaults(fields: readonly OptionField[], defaults: Record<string, unknown>): OptionField[] {
  return fields.map((f) => {
    const d = defaults[f.key];
    if (f.type === 'boolean' && typeof d === 'boolean') return { ...f, default: d };
    if (f.type === 'choice' && typeof d === 'string' && f.choices.some((c) => c.value === d)) return { ...f, default: d };
    if (f.type === 'number' && typeof d === 'number') return { ...f, default: d };
    return f;
  });
}

/** A number field's default as the form shows it (in the field's own unit), or '' when there is none. */
export function shownNumber(f: Extract<OptionField, { type: 'number' }>): string {
  return f.default === null ? '' : String(f.default / (f.scale ?? 1));
}

/** The options object to send: chosen values, leaving out optional fields left at "default". */
export function optionValues(fields: readonly OptionField[], chosen: Record<string, string | boolean>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = chosen[f.key];
    if (f.type === 'boolean') {
      const b = typeof v === 'boolean' ? v : f.default;
      if (!(f.optional && b === f.default && v === undefined)) out[f.key] = b;
    } else if (f.type === 'choice') {
      const c = typeof v === 'string' ? v : f.default;
      if (c !== '') out[f.key] = c;
    } else {
      const text = typeof v === 'string' ? v.trim() : '';
      if (text !== '') out[f.key] = f.scale ? Math.round(Number(text) * f.scale) : Number(text);
      else if (!f.optional && f.default !== null) out[f.key] = f.default;
    }
  }
  return out;
}
