/**
 * How `npm start` runs (package.json, the start tests, the load and durability benches): one Node process
 * with tsx's loader, `node --import tsx scripts/start.ts`. Not tsx's CLI: it keeps a parent process between
 * the terminal and the server that relays Ctrl-C, and when the server does not acknowledge the signal within
 * 30 ms (a busy machine) it sends another and then SIGKILL, cutting the requests in flight that the stop
 * was meant to finish.
 */
export const START_ARGV = ['--import', 'tsx', 'scripts/start.ts'] as const;
