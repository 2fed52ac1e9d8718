// Which cards of a list are on screen: one IntersectionObserver for the list; `observe(id)` is
// the ref callback of a card's element. onChange hears the visible ids after the screen has
// held still for a moment, so a fling past fifty cards joins nothing.
import { useCallback, useEffect, useRef } from 'react';

export const SETTLE_MS = 300;

export function useVisibleCards(onChange: (visible: ReadonlySet<string>) => void) {
  const visible = useRef(new Set<string>());
  const elements = useRef(new Map<string, Element>());
  const observer = useRef<IntersectionObserver | null>(null);
  const callback = useRef(onChange);
  callback.current = onChange;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const settle = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => callback.current(new Set(visible.current)), SETTLE_MS);
  }, []);

  useEffect(() => {
    observer.current = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = (entry.target as HTMLElement).dataset.chismeId;
        if (!id) continue;
        if (entry.isIntersecting) visible.current.add(id);
        else visible.current.delete(id);
      }
      settle();
    });
    for (const element of elements.current.values()) observer.current.observe(element);
    return () => {
      observer.current?.disconnect();
      observer.current = null;
      clearTimeout(timer.current);
    };
  }, [settle]);

  // one stable ref callback per card, so a re-render does not detach and re-observe it
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());
  const observe = useCallback(
    (id: string) => {
      let ref = refs.current.get(id);
      if (!ref) {
        ref = (element: HTMLElement | null) => {
          const previous = elements.current.get(id);
          if (previous && previous !== element) {
            observer.current?.unobserve(previous);
            elements.current.delete(id);
            if (visible.current.delete(id)) settle();
          }
          if (element && previous !== element) {
            element.dataset.chismeId = id;
            elements.current.set(id, element);
            observer.current?.observe(element);
          }
          if (!element) refs.current.delete(id);
        };
        refs.current.set(id, ref);
      }
      return ref;
    },
    [settle],
  );

  return { observe, visible };
}
