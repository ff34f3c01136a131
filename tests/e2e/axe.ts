import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * axe-core (a dev dependency) run inside a page of the built app. The app's CSP refuses inline scripts, so the page's
 * context must be made with `bypassCSP` (browser.ts `newPage`) for the script tag to run.
 */
const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

/** One rule's failure, in the words a fix needs: which rule, how bad, where, and what axe says is wrong. */
export interface Violation {
  id: string;
  impact: ImpactValue | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** The impacts issue 30 item 15 forbids on every screen. */
export const BLOCKING: readonly ImpactValue[] = ['critical', 'serious'];
/**
 * Rules axe rates moderate that the issue names as faults all the same: a `<main>` inside another, more than one
 * `<main>`, and a screen without an `<h1>` (its title).
 */
export const BLOCKING_RULES: readonly string[] = ['landmark-main-is-top-level', 'landmark-no-duplicate-main', 'page-has-heading-one'];

const blocking = (v: Violation) => BLOCKING_RULES.includes(v.id) || (v.impact !== null && BLOCKING.includes(v.impact));

/** Runs axe on the whole document as it is now and returns its violations. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  source ??= readFile(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: await source });
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResults> } };
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map(v => ({
      id: v.id, impact: v.impact ?? null, help: v.help,
      nodes: v.nodes.map(n => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 160), summary: n.failureSummary ?? '' })),
    }));
  });
}

/** The blocking violations as readable lines, `where` naming the screen and its state; empty when there are none. */
export function describeViolations(where: string, violations: readonly Violation[]): string[] {
  return violations.filter(blocking).map(v =>
    `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.length} element(s):\n`
    + v.nodes.slice(0, 8).map(n => `    ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n')
    + (v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : ''));
}
