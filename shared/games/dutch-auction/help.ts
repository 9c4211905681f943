/** The English rules help (kept here for the server and tests); each language's is in ./help/<lang>.ts. */
export { rulesHelp } from './help/en.js';
