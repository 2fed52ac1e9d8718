// Debian's Chromium driven by playwright-core: no browser download, and flags that keep
// Chromium off the network (this machine has none beyond loopback).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const resultsDir = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs });
}

/**
 * Chromium with a real (temporary) profile: what a person installs an app from. Contexts of
 * launchBrowser() are off the record, where Chromium refuses installation ("in-incognito").
 */
export function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    baseURL,
    locale: 'es-ES',
  });
}

/** Where a person's browser says it is, and their device (a desktop in Spain unless told). */
export type BrowserOptions = Pick<BrowserContextOptions, 'locale' | 'timezoneId' | 'viewport' | 'isMobile' | 'hasTouch'>;

/** A phone's screen (390×844, where the reports of phone layouts measured). */
export const phone = { width: 390, height: 844 } as const;

/** A phone: its screen, touch, and a viewport meta that is honoured. */
export const onPhone: BrowserOptions = { viewport: phone, isMobile: true, hasTouch: true };

/** A fresh browser profile: one per simulated person. */
export async function newPerson(browser: Browser, baseURL: string, options: BrowserOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 1280, height: 900 }, ...options });
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  return { context, page };
}

/** Evidence for a journey's key moment, kept in the git-ignored test-results folder. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: join(resultsDir, `${name}.png`), fullPage: false });
}

/** Keep a trace only when the journey failed. */
export async function closePerson(context: BrowserContext, name: string, failed: boolean): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  await context.tracing.stop(failed ? { path: join(resultsDir, `${name}-trace.zip`) } : undefined);
  await context.close();
}
