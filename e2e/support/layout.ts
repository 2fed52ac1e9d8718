// What a person sees being in the way, measured in the page: a toast on top of something they
// use, or a button's or a field's text cut off. Phone screens (390×844) are where both showed.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * No toast covers anything: each is wholly on screen; it is part of any open drawer or dialog
 * it overlaps (app/toast-host.tsx puts toasts in the open one's header), never drawn over it;
 * and no control, heading or line of text outside it lies under it (the topmost element at
 * the overlap is the toast's). With a modal drawer or dialog open, what is in use is what is in
 * the topmost one: the page behind it is inert. Measured once the toasts' slide-in has ended. Returns how many
 * toasts were on screen, so a journey can make sure it measured the one it meant.
 */
export async function expectToastsCoverNothing(page: Page, moment: string): Promise<number> {
  const { toasts, problems } = await page.evaluate(async () => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };
    const shown = () => [...document.querySelectorAll('.mantine-Notification-root')].filter(visible);
    await Promise.all(shown().flatMap((toast) => toast.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
    const toasts = shown();
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const overlap = (a: DOMRect, b: DOMRect) => {
      const left = Math.max(a.left, b.left);
      const right = Math.min(a.right, b.right);
      const top = Math.max(a.top, b.top);
      const bottom = Math.min(a.bottom, b.bottom);
      return right - left > 1 && bottom - top > 1 ? { x: (left + right) / 2, y: (top + bottom) / 2 } : null;
    };
    const problems: string[] = [];
    const used = 'button, a[href], input, textarea, select, [role="button"], [role="tab"], [role="switch"], [role="menuitem"], h1, h2, h3, p, li, label';
    const overlays = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].filter(visible);
    const inUse = overlays.at(-1) ?? document.body;
    for (const toast of toasts) {
      const box = toast.getBoundingClientRect();
      const name = `toast ${describe(toast)}`;
      if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) {
        problems.push(`${name} runs off the screen (${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)})`);
      }
      for (const overlay of overlays) {
        if (!overlay.contains(toast) && overlap(box, overlay.getBoundingClientRect())) {
          problems.push(`${name} is drawn over the open ${describe(overlay)}`);
        }
      }
      for (const element of inUse.querySelectorAll(used)) {
        if (toast.contains(element) || element.contains(toast) || !visible(element)) continue;
        const point = overlap(box, element.getBoundingClientRect());
        if (point && document.elementFromPoint(point.x, point.y)?.closest('.mantine-Notification-root')) {
          problems.push(`${name} covers ${describe(element)}`);
        }
      }
    }
    return { toasts: toasts.length, problems };
  });
  expect(problems, `toasts in the way ${moment}`).toEqual([]);
  return toasts;
}

/**
 * No visible button's text is cut (its label wider than the button, or the button past the
 * screen's edge), and no empty field's placeholder is wider than the field.
 */
export async function expectNothingClipped(page: Page, moment: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const problems: string[] = [];
    for (const button of document.querySelectorAll('button, [role="button"], [role="tab"], a.mantine-Button-root')) {
      if (!visible(button) || !(button.textContent ?? '').trim()) continue;
      const name = `button "${(button.textContent ?? '').trim().slice(0, 40)}"`;
      const box = button.getBoundingClientRect();
      if (box.left < -1 || box.right > innerWidth + 1) problems.push(`${name} runs off the screen`);
      for (const part of [button, ...button.querySelectorAll('*')]) {
        // A visually hidden part (1 px, for screen readers: "3 me gusta") is meant to be cut.
        if (part.clientWidth <= 1 && part.clientHeight <= 1) continue;
        if (part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).overflowX !== 'visible') {
          problems.push(`${name}: its text needs ${part.scrollWidth} px and has ${part.clientWidth}`);
          break;
        }
      }
    }
    const context = document.createElement('canvas').getContext('2d');
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')) {
      if (!visible(field) || field.value !== '' || !context) continue;
      const style = getComputedStyle(field);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const needed = context.measureText(field.placeholder).width;
      if (needed > room + 1) problems.push(`placeholder "${field.placeholder}" needs ${Math.ceil(needed)} px and has ${Math.floor(room)}`);
    }
    return problems;
  });
  expect(problems, `text cut ${moment}`).toEqual([]);
}
