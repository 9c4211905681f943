import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { it } from 'vitest';
import { buildWeb } from '../../web/build.js';
it('sizes', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gb-size-'));
  const meta = await buildWeb({ outdir: dir });
  for (const [f, o] of Object.entries(meta.outputs)) {
    if (!f.endsWith('.js')) continue;
    const ins = Object.keys(o.inputs);
    if (!ins.some((i) => i.includes('golden-age'))) continue;
    const gz = gzipSync(await readFile(f), { level: 9 }).length;
    console.log('SIZE', f.split('/').pop(), gz, ins.filter((i) => i.includes('golden')).join(','));
  }
}, 120000);
