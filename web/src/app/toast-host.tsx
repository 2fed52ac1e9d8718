// Mantine's toast host, its own chunk (with its transitions and portal): app/provider.tsx mounts
// it after the first screen's content. A toast shown before then waits in Mantine's store and
// appears when the host mounts.
// Toasts cover nothing the person is using. With a drawer or dialog open, they become part of
// the topmost one's header, under its title: in the flow, so they cover no item, and inside the
// dialog, where a screen reader (kept inside an aria-modal dialog) can reach them. Otherwise, on
// a wide screen, they sit in the margin beside the content column, below the header (global.css
// sizes them to it); on narrower ones, where every column is content, at the bottom, away from
// the header, its tabs, "Filtrar Chismes" and the new-chismes pill at the top (on phones the
// new-post button is in the header too), and never moving the page.
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';

const overlayContent = '.mantine-Modal-content, .mantine-Drawer-content';
const overlayHeader = ':scope > .mantine-Modal-header, :scope > .mantine-Drawer-header';

/** The header of the most recently opened drawer or dialog still on the page, if any. */
function topOverlayHeader(): HTMLElement | null {
  const contents = [...document.querySelectorAll<HTMLElement>(overlayContent)];
  for (const content of contents.reverse()) {
    const header = content.querySelector<HTMLElement>(overlayHeader);
    if (header) return header;
  }
  return null;
}

/** Follows drawers and dialogs opening and closing (Mantine mounts their content in a portal). */
function useTopOverlayHeader(): HTMLElement | null {
  const [header, setHeader] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let frame = 0;
    const find = () => {
      frame = 0;
      setHeader(topOverlayHeader());
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(find);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    find();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return header;
}

// Mantine's portal does not move when its target changes: each place gets its own host (a new
// key), which takes the toasts from Mantine's store as they are.
const hostKeys = new WeakMap<HTMLElement, number>();
let nextHostKey = 1;
function hostKey(header: HTMLElement): number {
  let key = hostKeys.get(header);
  if (key === undefined) {
    key = nextHostKey++;
    hostKeys.set(header, key);
  }
  return key;
}

/** Wide enough for a toast in the margin beside the 45rem content column (global.css). */
export const besideContentQuery = '(min-width: 80em)';

export function ToastHost() {
  const header = useTopOverlayHeader();
  const wide = useMediaQuery(besideContentQuery) ?? false;
  return header ? (
    <Notifications key={hostKey(header)} className="app-notifications" data-inline position="top-center" limit={5} portalProps={{ target: header }} />
  ) : (
    <Notifications key={0} className="app-notifications" position={wide ? 'top-right' : 'bottom-center'} limit={5} />
  );
}
