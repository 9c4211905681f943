/**
 * axe-core in the page under test: every browser test can check a page state against WCAG 2.x
 * A and AA (2.0, 2.1, 2.2). axe is injected from node_modules (no network) and runs on the whole
 * document, open dialogs included. The site's CSP forbids inline scripts, so `page.addScriptTag`
 * is refused: the script is evaluated through the DevTools protocol instead (as addScriptTag would
 * on a page without that policy), leaving the page's own policy in force.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let source: string | undefined;
const axeSource = () => (source ??= readFileSync(AXE_PATH, 'utf8'));
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  /** One line per offending element: its selector and axe's summary of what fails. */
  nodes: string[];
}

/** The A/AA violations axe finds in the page as it is now. */
export async function axeViolations(p: Page): Promise<AxeFinding[]> {
  // A match page draws what is below its board after its first paint (web/src/ui/match/MatchView.tsx): check all of it.
  await p.waitForFunction(() => document.querySelector('main.match')?.getAttribute('data-drawn') !== 'first');
  // What just changed arrives with a short animation (styles.css): colours are checked as they end, not half-faded.
  await p.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(`${axeSource()}\n;void 0`);
  return p.evaluate(
    async (tags) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: unknown,
              opts: unknown,
            ) => Promise<{
              violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
            }>;
          };
        }
      ).axe;
      const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
      }));
    },
    [...WCAG_TAGS],
  );
}

/** Fails the test, naming every rule and element, when the page has any A/AA violation. */
export async function expectAccessible(p: Page, where: string): Promise<void> {
  const found = await axeViolations(p);
  expect(
    found,
    `axe violations on ${where}:\n${found.map((f) => `${f.rule} (${f.impact}): ${f.help}\n  ${f.nodes.slice(0, 6).join('\n  ')}`).join('\n')}`,
  ).toEqual([]);
}
