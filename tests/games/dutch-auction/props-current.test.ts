/** The property suite (props.ts) for the current edition: thousands of seeded random legal games. */
import { propertySuite } from './props.js';

propertySuite('current');
