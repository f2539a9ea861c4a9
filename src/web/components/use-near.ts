import { type RefCallback, useCallback } from 'react';

/**
 * A ref callback for an element: `onNear` runs once the element comes within `margin` of the view (a
 * screen unless said otherwise, as a CSS margin of the viewport: '25% 0px' is a quarter screen). It
 * keeps no state of its own, so the observer's reports re-render nothing: a component that built a list
 * is not built again each time the browser says where its marker stands (decision 236). A new element
 * (a new key) is watched afresh. `onNear` must keep its identity from render to render (a state setter,
 * or a callback made once), or the element is watched afresh on every render.
 */
export function useNear<E extends Element>(onNear: () => void, margin = '100% 0px'): RefCallback<E> {
  return useCallback(
    (el: E | null) => {
      if (!el) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          onNear();
        },
        { rootMargin: margin },
      );
      observer.observe(el);
      return () => observer.disconnect();
    },
    [onNear, margin],
  );
}
