// The 3-second auto-read of a notification, timed inside the page (the test's own clock lags
// the page by seconds on a loaded machine): from the next page load on, notes with the page's
// clock when each notification item is first shown unread (and its accessible name then) and
// when it turns read.
import type { Page } from 'playwright-core';

export type AutoRead = { label: string; shownUnread: number; read?: number };
type WithAutoRead = Window & { autoRead?: AutoRead[] };

export async function recordAutoRead(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const records: AutoRead[] = [];
    (window as WithAutoRead).autoRead = records;
    const byItem = new WeakMap<Element, AutoRead>();
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[data-testid="notification-item"]')) {
        const unread = item.getAttribute('data-read') === 'false';
        const record = byItem.get(item);
        if (!record && unread) {
          const added = { label: item.getAttribute('aria-label') ?? '', shownUnread: performance.now() };
          byItem.set(item, added);
          records.push(added);
        } else if (record && !unread && record.read === undefined) {
          record.read = performance.now();
        }
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-read'] });
  });
}

export function autoReadRecords(page: Page): Promise<AutoRead[]> {
  return page.evaluate(() => (window as WithAutoRead).autoRead ?? []);
}
