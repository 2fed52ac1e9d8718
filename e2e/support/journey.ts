// One journey's browser people: each a fresh context (own storage, own session) with tracing;
// when the journey fails, each person's trace and a screenshot are kept in test-results/e2e, and
// their Realtime frames and console errors are printed (support/live-log.ts).
// Every request a person makes is recorded; one to any host but the app and the API fails the
// journey (support/request-hosts.ts).
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchAccessibility } from './axe.ts';
import { closePerson, launchBrowser, newPerson, resultsDir, snap, type BrowserOptions } from './browser.ts';
import { WEB_URL } from './env.ts';
import { recordLiveLog } from './live-log.ts';
import { recordThirdPartyRequests } from './request-hosts.ts';

let browser: Browser | undefined;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** Call at the top of a journey file: one Chromium for the file. */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** A person's browser, and other origins of the stack they may open (the mail catcher). */
export type PersonOptions = BrowserOptions & { alsoVisits?: string[] };

/** A new person (browser context + page) for the current test, closed when the test ends. */
export async function person(name: string, { alsoVisits = [], ...options }: PersonOptions = {}): Promise<Page> {
  if (!browser) throw new Error('call useBrowser() in the journey file first');
  const { context, page } = await newPerson(browser, WEB_URL, options);
  const thirdParty = recordThirdPartyRequests(context, page, WEB_URL, alsoVisits);
  thirdPartyRequests.set(page, thirdParty);
  const liveLog = recordLiveLog(page);
  // 45 s: an accessibility scan (support/axe.ts) can keep the page busy for several seconds on a
  // loaded machine; journey 6 timed out at 20 s scrolling to a field during one (load ~17).
  page.setDefaultTimeout(45_000);
  page.setDefaultNavigationTimeout(30_000);
  // Every screen and dialog this person sees is checked with axe, light and dark (support/axe.ts).
  const accessibility = await watchAccessibility(page, name);
  onTestFinished(async ({ task }) => {
    let failed = task.result?.state === 'fail';
    const evidence = `${slug(task.name)}-${name}`;
    // The findings of every screen this person saw, plus a last scan of where they are.
    let axeError: unknown;
    if (!failed) {
      await accessibility.finish(`${task.name} (${name})`).catch((error: unknown) => {
        axeError = error;
        failed = true;
      });
    }
    if (failed) {
      console.log(`── ${name}: Realtime frames and console errors (last ${liveLog().length}) ──\n${liveLog().join('\n')}`);
      await snap(page, `${evidence}-failure`).catch(() => undefined);
      // What a screen reader would see: the quickest way to read why a locator did not match.
      const tree = await page
        .locator('body')
        .ariaSnapshot()
        .catch(() => '');
      mkdirSync(resultsDir, { recursive: true });
      writeFileSync(join(resultsDir, `${evidence}-failure.aria.yml`), tree);
    }
    await closePerson(context as BrowserContext, evidence, failed);
    if (thirdParty.length) {
      throw new Error(`${name} made requests to third-party hosts: ${[...new Set(thirdParty)].join(', ')}`);
    }
    if (axeError) throw axeError;
  });
  return page;
}

const thirdPartyRequests = new WeakMap<Page, string[]>();

/** The third-party requests this person has made so far (a journey may assert it midway). */
export function thirdPartyRequestsOf(page: Page): string[] {
  return thirdPartyRequests.get(page) ?? [];
}
