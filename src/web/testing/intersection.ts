import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** IntersectionObservers whose targets the test brings into view (happy-dom never says one is). */
const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];

class FakeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback };
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

/** Every element observed now comes into view (scrolled near). */
export const bringIntoView = () =>
  act(() => {
    for (const o of observers.filter((x) => x.target)) {
      o.callback([{ isIntersecting: true, target: o.target } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
