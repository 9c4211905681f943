/** The property suite (props.ts) for the 2018 edition: thousands of seeded random legal games. */
import { propertySuite } from './props.js';

propertySuite('2018');
