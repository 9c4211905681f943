import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the engine stays pure', () => {
  const sources = files('shared');

  it('imports nothing from the platform, Node or the web', () => {
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      const imports = [...text.matchAll(/from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(/^(node:|fs|path|crypto|os|http)|functions\/|web\/|infra\/|\.\.\/\.\.\/\.\.\//);
        if (!spec.startsWith('.')) expect(['zod/mini'], `${file} imports package ${spec}`).toContain(spec);
      }
    }
  });

  it('uses zod only in schema files (moves/options), keeping the rules dependency-free', () => {
    let schemaFiles = 0;
    for (const file of sources) {
      if (!/from\s+['"]zod(\/[a-z]+)?['"]/.test(readFileSync(file, 'utf8'))) continue;
      expect(file).toMatch(/(moves|schema|options)\.ts$/);
      schemaFiles++;
    }
    expect(schemaFiles).toBeGreaterThanOrEqual(3); // one per game
  });

  it('uses no clock or ambient randomness', () => {
    for (const file of sources) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/Date\.now|new Date\(|Math\.random|performance\.now/);
    }
  });
});
