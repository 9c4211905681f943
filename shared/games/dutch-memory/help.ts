/**
 * The rules help: one module per language in ./help/<lang>.ts (the page loads the one it shows).
 * The English one is re-exported here for the server and tests, with the shape they all share.
 */
export type { RulesHelp } from '../../engine/help.js';
export { rulesHelp } from './help/en.js';
