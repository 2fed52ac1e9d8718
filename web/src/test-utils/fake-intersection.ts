// IntersectionObserver stood in for jsdom (which has no layout): a test says which observed
// elements are on screen, and every observer hears the change as the browser would tell it.
import { act } from 'react';

type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;

const observers = new Set<{ callback: Callback; elements: Set<Element> }>();

class FakeIntersectionObserver {
  private readonly entry: { callback: Callback; elements: Set<Element> };
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  constructor(callback: Callback) {
    this.entry = { callback, elements: new Set() };
    observers.add(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.add(element);
  }
  unobserve(element: Element) {
    this.entry.elements.delete(element);
  }
  disconnect() {
    observers.delete(this.entry);
  }
  takeRecords() {
    return [];
  }
}

export const fakeIntersection = {
  install() {
    observers.clear();
    window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  },
  /** Puts exactly these elements on screen (the others off it). */
  show(onScreen: (element: Element) => boolean) {
    act(() => {
      for (const observer of observers) {
        observer.callback([...observer.elements].map((target) => ({ target, isIntersecting: onScreen(target) })));
      }
    });
  },
};
