// Every request a person's browser makes is recorded; any to a host other than the app and the
// API (a CDN, a font host, an analytics beacon…) fails the journey (docs/decisions/0013-no-third-party-requests.md: a third party
// must not learn who uses the app when, and the app must work offline). WebSockets (Realtime)
// are checked too; data:, blob: and about: URLs never leave the browser.
import type { BrowserContext, Page } from 'playwright-core';
import { API_URL } from './env.ts';

const localSchemes = new Set(['data:', 'blob:', 'about:', 'chrome-extension:']);

/** The origins a journey may talk to: the served app and the API (HTTP and WebSocket), and
 * any other part of the local stack the journey opens on purpose (the mail catcher's page). */
export function allowedOrigins(webUrl: string, alsoVisits: string[] = []): Set<string> {
  const origins = new Set<string>();
  for (const base of [webUrl, API_URL, ...alsoVisits]) {
    const url = new URL(base);
    origins.add(url.origin);
    origins.add(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
  }
  return origins;
}

export function isThirdParty(url: string, allowed: Set<string>): boolean {
  const parsed = new URL(url);
  if (localSchemes.has(parsed.protocol)) return false;
  return !allowed.has(`${parsed.protocol}//${parsed.host}`);
}

/** Starts recording; the returned list grows with every third-party request of the person. */
export function recordThirdPartyRequests(context: BrowserContext, page: Page, webUrl: string, alsoVisits: string[] = []): string[] {
  const allowed = allowedOrigins(webUrl, alsoVisits);
  const thirdParty: string[] = [];
  const check = (url: string) => {
    if (isThirdParty(url, allowed)) thirdParty.push(url);
  };
  context.on('request', (request) => check(request.url()));
  page.on('websocket', (socket) => check(socket.url()));
  return thirdParty;
}
