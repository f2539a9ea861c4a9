import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** IntersectionObservers whose targets the test brings into view (happy-dom never says one is). */
const observers: { callback: IntersectionObserverCallback; margin?: string; target?: Element }[] = [];

class FakeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, margin: options?.rootMargin };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.target = target;
  }
  unobserve() {}
  disconnect() {
    this.entry.target = undefined;
  }
}

/** Installs the fake (undo with `vi.unstubAllGlobals()`). */
export function stubIntersection(): void {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
}

/** The browser reports on every element observed now: near the view (scrolled near) or still far from it. */
const report = (isIntersecting: boolean) =>
  act(() => {
    for (const o of observers.filter((x) => x.target)) {
      o.callback([{ isIntersecting, target: o.target } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });

/** Every element observed now comes into view (scrolled near). */
export const bringIntoView = () => report(true);

/** Every element observed now is reported still far from the view (as a browser does when it starts watching). */
export const reportFar = () => report(false);

/** How many elements are watched now. */
export const watchedCount = () => observers.filter((x) => x.target).length;

/** The margins (rootMargin) the elements watched now are watched with: how near the view counts as near. */
export const watchedMargins = () => observers.filter((x) => x.target).map((x) => x.margin);
