// axe-core (from npm, injected as a script) on every screen and dialog a journey's person sees,
// in light and dark, failing the journey on any serious or critical WCAG violation.
// `watchAccessibility(page)` (called by `person()`) adds a small in-page watcher: when the
// state changes (screen, open dialogs or menus, the kinds of parts shown, an alert or an invalid
// field: `stateSignature`) and the page has been quiet and not loading for a moment, it asks
// Node to scan. A state already scanned in this run, by anyone, is not scanned
// again (support/axe-registry.ts; see `stateSignature`). Scans run one at a time; their
// findings fail the test when it ends, after a last scan of where the person is. A journey may
// also call `expectAccessible(page, 'label')` to scan a state at a precise moment.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { claimState, releaseState } from './axe-registry.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; targets: string[] };
type SchemeResult = { scheme: 'light' | 'dark'; violations: Violation[] };

// axe refuses to start while it runs: scans of one page go one after another.
const running = new WeakMap<Page, Promise<unknown>>();

function scanBothSchemes(page: Page): Promise<SchemeResult[]> {
  const scan = (running.get(page) ?? Promise.resolve()).catch(() => undefined).then(() => scanNow(page));
  running.set(page, scan);
  return scan;
}

/** Runs axe in both schemes inside the page (see scanInPage). */
async function scanNow(page: Page): Promise<SchemeResult[]> {
  // A navigation between injecting axe and running it leaves a document without it (seen in a
  // loaded fresh-clone run): inject again into the new document.
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
    const results = await scanInPage(page);
    if (results) return results;
  }
  throw new Error('the page navigated away before each of 3 scans could start');
}

/**
 * Both schemes' violations, restoring the person's scheme unless the app changed it meanwhile;
 * null if this document has no axe (it navigated since the injection).
 */
function scanInPage(page: Page): Promise<SchemeResult[] | null> {
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe?: { run: (ctx: Document | { include: Element[] }, opts: object) => Promise<AxeResult> } }).axe;
    if (!axe) return null;
    const root = document.documentElement;
    const original = root.getAttribute('data-mantine-color-scheme');
    // The person's stored choice (web/src/app/provider.tsx's colour scheme manager key): a
    // toggle during the scan changes it, and then it, not the scheme before the scan, is theirs.
    const storedBefore = localStorage.getItem('darkMode');
    const results: { scheme: 'light' | 'dark'; violations: { id: string; impact: string | null; help: string; targets: string[] }[] }[] = [];
    // While a scan has flipped the scheme, the person's own is kept here (see colorSchemeOf).
    if (original) root.dataset.axePersonScheme = original;
    // With a dialog open, only the dialog: the screen behind it was scanned on its own, and a
    // whole long feed takes seconds per scheme on a loaded machine, blocking the page.
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
    const context = dialogs.length ? { include: dialogs } : document;
    try {
      for (const scheme of ['light', 'dark'] as const) {
        // Mantine applies a scheme through this attribute alone; flipping it re-renders nothing.
        root.setAttribute('data-mantine-color-scheme', scheme);
        const result = await axe.run(context, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
          resultTypes: ['violations'],
        });
        results.push({
          scheme,
          violations: result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
          })),
        });
        if (root.getAttribute('data-mantine-color-scheme') !== scheme) break; // the app changed it: stop flipping
      }
    } finally {
      const current = root.getAttribute('data-mantine-color-scheme');
      const storedAfter = localStorage.getItem('darkMode');
      if (storedAfter !== storedBefore && (storedAfter === 'light' || storedAfter === 'dark')) {
        root.setAttribute('data-mantine-color-scheme', storedAfter);
      } else if (original && (current === 'light' || current === 'dark') && results.some((r) => r.scheme === current)) {
        root.setAttribute('data-mantine-color-scheme', original);
      }
      delete root.dataset.axePersonScheme;
    }
    return results;
  });
}

function seriousFindings(results: SchemeResult[], label: string): string[] {
  return results.flatMap(({ scheme, violations }) =>
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `[${label}, ${scheme}] ${v.impact} ${v.id}: ${v.help} — ${v.targets.join(', ')}`),
  );
}

/** Fails with a readable list when the page, in light or dark mode, has a serious/critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  // A dialog or menu still fading in is not a state anyone reads (see settled).
  // A scan the journey asks for waits longer than the watcher's (a loaded machine may take
  // seconds to answer a dialog's read); still loading after that is a failure.
  if (!(await settled(page, EXPLICIT_SCAN_SETTLE_MS))) throw new Error(`${label}: still loading ${EXPLICIT_SCAN_SETTLE_MS / 1000} s later, nothing to scan`);
  const found = seriousFindings(await scanBothSchemes(page), label);
  if (found.length) throw new Error(`axe: ${found.length} serious/critical violation(s):\n${found.join('\n')}`);
}

/** The person's colour scheme, even while a scan has the other one applied for a moment. */
export function colorSchemeOf(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.dataset.axePersonScheme ?? document.documentElement.getAttribute('data-mantine-color-scheme'));
}

// In the page: the signature of the state a scan would check, the key under which a run
// scans it once: the origin and route pattern (ids as :id), the open dialogs and menus, the
// person's scheme and mode (casual or cotilleo), and what the scanned part shows: which kinds
// of parts (data-testid values: a moderator's menu entry, an image, a reply banner, the
// not-found card...) and whether an alert or an invalid field is in it. A feed with other chismes in it is the same state.
function stateSignature(): string {
  const nameOf = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy ? document.getElementById(labelledBy.split(' ')[0]!)?.textContent : undefined;
    return `${el.getAttribute('role')}:${el.getAttribute('aria-label') ?? byId ?? ''}`.trim();
  };
  const route = location.pathname.replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:id').replace(/\/\d+(?=\/|$)/g, '/:n');
  const open = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')].map(nameOf).sort();
  // The part a scan checks (see scanNow): the dialogs when one is open, else the page.
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
  const scope = dialogs.length ? dialogs : [document.documentElement];
  const has = (selector: string) => scope.some((el) => el.matches(selector) || el.querySelector(selector) !== null);
  const parts = new Set(scope.flatMap((el) => [...el.querySelectorAll('[data-testid]')].map((part) => part.getAttribute('data-testid'))));
  const root = document.documentElement;
  const scheme = root.dataset.axePersonScheme ?? root.getAttribute('data-mantine-color-scheme');
  return [
    `${location.host}${route}`,
    ...open,
    `scheme:${scheme}`,
    // Cotilleo mode swaps the primary colour (grape for blue): other contrasts, another state.
    `cotilleo:${root.classList.contains('cotilleo-mode')}`,
    `parts:${[...parts].sort().join(',')}`,
    `alert:${has('[role="alert"]')}`,
    `invalid:${has('[aria-invalid="true"]')}`,
  ].join(' | ');
}

// In the page: calls `report(screen, signature)` once per new state (see stateSignature) of this
// document, after 400 ms without DOM changes (at most 3 s after the change) and with nothing
// loading. A screen, the label, is the path plus the names of open dialogs and menus.
function installScreenWatcher(signature: () => string): void {
  const page = window as unknown as {
    __chismesAxeScreen?: (screen: string, signature: string) => void;
    __chismesAxeSignature?: () => string;
  };
  const report = page.__chismesAxeScreen;
  if (!report || window !== window.top) return;
  page.__chismesAxeSignature = signature;
  const seen = new Set<string>();
  let timer: number | undefined;
  let changedAt = 0;
  const nameOf = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy ? document.getElementById(labelledBy.split(' ')[0]!)?.textContent : undefined;
    return `${el.getAttribute('role')}:${el.getAttribute('aria-label') ?? byId ?? ''}`.trim();
  };
  const screen = () =>
    [location.pathname, ...[...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')].map(nameOf).sort()].join(' | ');
  const busy = () => document.querySelector('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root') !== null;
  const check = () => {
    timer = undefined;
    if (document.visibilityState === 'hidden' || !document.body) return;
    if (busy()) {
      schedule();
      return;
    }
    // Keyed by the whole state, not just the screen: a dialog that gains an image preview, an
    // alert or an invalid field is a new state, and is scanned whatever the timing of the scan
    // of the dialog as first opened (CI once scanned the new-chisme dialog only before a file
    // was chosen and once only after, so its clear button's missing name was found by chance).
    const state = signature();
    if (seen.has(state)) return;
    seen.add(state);
    report(screen(), state);
  };
  const schedule = () => {
    if (timer !== undefined) window.clearTimeout(timer);
    const now = Date.now();
    if (!changedAt || now - changedAt > 3_000) changedAt = now;
    const wait = Math.min(400, Math.max(0, changedAt + 3_000 - now));
    timer = window.setTimeout(() => {
      changedAt = 0;
      check();
    }, wait);
  };
  const start = () => {
    new MutationObserver(schedule).observe(document.body, { childList: true, subtree: true });
    schedule();
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

export type AccessibilityWatch = { finish: (label: string) => Promise<void> };

const EXPLICIT_SCAN_SETTLE_MS = 15_000;

/**
 * Waits (at most `limitMs`) until the page is a screen again: no finite CSS animation or
 * transition runs (a Mantine menu or modal half-way through opening or closing is not a state
 * anyone reads; spinners loop forever and are not waited for) and nothing is loading (the
 * watcher's own rule for reporting a screen, which may have changed since it reported). False
 * if it is still loading then.
 */
async function settled(page: Page, limitMs = 3_000): Promise<boolean> {
  return page.evaluate(async (limit) => {
    const until = Date.now() + limit;
    const moving = () =>
      document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
    const busy = () => document.querySelector('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root') !== null;
    while ((moving() || busy()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    return !busy();
  }, limitMs);
}

/** The part of a signature that names the screen: origin, route pattern, open dialogs and menus. */
const screenOf = (signature: string) => signature.split(' | scheme:')[0]!;

/** The signature of where the person is now (see stateSignature), or undefined off the app. */
async function currentSignature(page: Page): Promise<string | undefined> {
  if (page.isClosed() || !page.url().startsWith('http')) return undefined;
  return page.evaluate(() => (window as unknown as { __chismesAxeSignature?: () => string }).__chismesAxeSignature?.()).catch(() => undefined);
}

/** Rules a scan that overlapped an opening or closing menu/dialog can fail on a half-built DOM
 * (seen in fresh-clone runs: contrast under a fading overlay; a menu's dropdown emptied while it
 * closes; a confirmation dialog before its title mounted). */
const TRANSITION_SENSITIVE_RULES = new Set(['color-contrast', 'aria-required-children', 'aria-required-parent', 'aria-dialog-name']);

/** Scans each new screen and dialog of this page as the journey goes; `finish` throws what was found. */
export async function watchAccessibility(page: Page, person: string): Promise<AccessibilityWatch> {
  const found: string[] = [];
  const errors: string[] = [];
  const scanned: string[] = [];
  const skipped: string[] = [];
  let scanMs = 0;
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (reported: string, claimed: string | undefined) => {
    queue = queue.then(async () => {
      let label = reported;
      let signature = claimed;
      if (page.isClosed() || !page.url().startsWith('http')) {
        if (signature) releaseState(signature);
        return;
      }
      const started = Date.now();
      try {
        // The scan checks the page as it is when its turn comes, once a menu or dialog has
        // finished opening or closing; if that is another state than the one reported, the
        // reported one goes back to the run (someone else may see it) and the current one is
        // scanned unless the run has it already.
        if (!(await settled(page))) {
          // Still loading 3 s later: not a screen yet; whoever sees it loaded scans it.
          if (signature) releaseState(signature);
          skipped.push(`${reported} (still loading when its turn came)`);
          return;
        }
        const current = await currentSignature(page);
        if (signature && current && current !== signature) {
          releaseState(signature);
          signature = current;
          if (!claimState(signature)) return;
          label = `${reported}, scanned as ${current}`;
        }
        const results = await scanBothSchemes(page);
        // The journey goes on while a scan runs (seconds on a loaded machine): if a dialog or
        // menu opened or closed, or the route changed, meanwhile, axe may have seen half of each.
        // Colours are then mid-transition (a drawer's overlay fading in over a link measured
        // as a contrast failure) and structures half mounted (a closing menu without its items,
        // a dialog before its title), so those rules' findings of such a scan are not kept and
        // the state is released for whoever sees it settled; every other rule's findings are
        // kept and say so (dropping them would leave states only one person reaches unscanned).
        const after = await currentSignature(page);
        let kept = results;
        if (signature && after && screenOf(after) !== screenOf(signature)) {
          label = `${label}; the screen became ${screenOf(after)} during this scan`;
          kept = results.map((result) => ({ ...result, violations: result.violations.filter((v) => !TRANSITION_SENSITIVE_RULES.has(v.id)) }));
          releaseState(signature);
        }
        found.push(...seriousFindings(kept, label));
        scanned.push(`${label} (${Date.now() - started} ms)`);
      } catch (error) {
        // The page navigated or closed, or the dialog being scanned closed (axe: "No elements
        // found for include"), during the scan: that screen is gone; the next is scanned, and
        // the next person to see this state scans it.
        if (signature) releaseState(signature);
        // Anything else fails the journey at `finish`; thrown here, it would reject this queue
        // and, unawaited, every scan chained after it.
        if (!/context was destroyed|Target .*closed|has been closed|navigat|No elements found for include/i.test(String(error))) {
          errors.push(`${label}: ${String(error)}`);
        }
      } finally {
        scanMs += Date.now() - started;
      }
    });
  };
  // Each document reports its screens once; the run scans each state once, whoever sees it.
  await page.exposeBinding('__chismesAxeScreen', (_source, screen: string, signature: string) => {
    if (claimState(signature)) enqueue(`${person} on ${screen}`, signature);
    else skipped.push(screen);
  });
  // Both functions go in as source text: they run in the page (and no eval, whatever its CSP).
  await page.addInitScript({ content: `(${installScreenWatcher.toString()})(${stateSignature.toString()});` });
  return {
    finish: async (label: string) => {
      // Where the person ended may not have been quiet long enough to be reported.
      await queue;
      const signature = await currentSignature(page);
      if (signature && claimState(signature)) enqueue(`${label}, last screen`, signature);
      await queue;
      if (process.env.E2E_AXE_LOG === '1') {
        console.log(
          `axe scanned ${scanned.length} states for ${person} in ${(scanMs / 1000).toFixed(1)} s` +
            `${scanned.map((line) => `\n  ${line}`).join('')}` +
            `\n  (${skipped.length} not scanned by this person, the run had them already or they were still loading: ${skipped.join('; ') || 'none'})`,
        );
      }
      if (errors.length) throw new Error(`axe could not scan:\n${errors.join('\n')}`);
      if (found.length) throw new Error(`axe: ${found.length} serious/critical violation(s):\n${[...new Set(found)].join('\n')}`);
    },
  };
}
