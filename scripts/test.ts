/**
 * `npm test` and `npm run test:all`: biome's check first (a second), then the type-check and the vitest run side
 * by side. The type-check is two tsc runs, half a minute of one core; run before the tests it added its whole
 * length to every run, while the tests leave a core idle much of the time (waiting on DynamoDB Local, pages and
 * timers). (Not at a lower priority: beside CPU-burning processes a niced tsc got almost no CPU and the run waited
 * for it at the end.) A type error still fails the run: the tests are stopped and tsc's report printed, as before.
 * Arguments go to vitest (`--project unit --project integration`); TEST_QUICK comes from the environment.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const run = (command: string, args: string[], quiet = false) => {
  const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  const done = new Promise<number>((resolve) => {
    child.on('error', (err) => {
      output += `${err.message}\n`;
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return { child, done, output: () => output };
};

const bin = (name: string) => `node_modules/.bin/${name}`;

/** Runs the type-check of the whole project, then of the engine alone; the first failure's report. */
async function typecheck(): Promise<string | undefined> {
  for (const project of ['tsconfig.json', 'shared/tsconfig.json']) {
    const tsc = run(bin('tsc'), ['-p', project, '--noEmit'], true);
    if ((await tsc.done) !== 0) return `tsc -p ${project}:\n${tsc.output()}`;
  }
  return undefined;
}

async function main(): Promise<number> {
  const lint = run(bin('biome'), ['check', '.']);
  if ((await lint.done) !== 0) return 1;
  const tests = run(bin('vitest'), ['run', ...process.argv.slice(2)]);
  const failure = await typecheck();
  if (failure !== undefined) {
    stop(tests.child);
    await tests.done;
    process.stderr.write(`\nType errors (the tests were stopped):\n${failure}`);
    return 1;
  }
  const code = await tests.done;
  console.log('Types: no errors (tsc -p tsconfig.json and -p shared/tsconfig.json, beside the tests).');
  return code;
}

function stop(child: ChildProcess) {
  if (child.exitCode === null) child.kill('SIGTERM');
}

process.exitCode = await main();
