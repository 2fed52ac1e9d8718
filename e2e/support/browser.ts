// Debian's Chromium driven by playwright-core: no browser download, and flags that keep
// Chromium off the network (this machine has none beyond loopback).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const resultsDir = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** A fresh browser profile: one per simulated person. */
export async function newPerson(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport: { width: 1280, height: 900 } });
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
