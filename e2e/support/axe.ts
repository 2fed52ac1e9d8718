// axe-core (from npm, injected as a script) on a journey's page, in light and dark, failing on
// any serious or critical WCAG violation. `person()` runs it on every page when its test ends;
// a journey may also call `expectAccessible(page, 'label')` on a screen or dialog it opened.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}

/** Fails with a readable list when the page, in light or dark mode, has a serious/critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  const found: string[] = [];
  const html = page.locator('html');
  const original = await html.getAttribute('data-mantine-color-scheme');
  for (const scheme of ['light', 'dark'] as const) {
    // Mantine applies a scheme through this attribute alone; flipping it re-renders nothing.
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    for (const v of await violations(page)) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      found.push(`[${scheme}] ${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)).join(', ')}`);
    }
  }
  if (original) await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), original);
  if (found.length) throw new Error(`axe: ${found.length} serious/critical violation(s) on ${label}:\n${found.join('\n')}`);
}
