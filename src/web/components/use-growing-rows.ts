import { startTransition, useCallback, useEffect, useState } from 'react';
import { useNear } from './use-near';

/** How near the view a list's end builds the next step: a quarter screen below it. */
const NEAR_ROWS = '25% 0px';

/**
 * How many of a grid's rows to build: `step` at once, then `step` more each time the marker after the
 * last built row comes within a quarter screen of the view, until all are built (decision 172). A
 * quarter, not a screen: a phone's first step of History's cards (12, one and a half screens) then does
 * not build the next step while the screen loads, but as it is scrolled (decision 242). A phone that
 * opens a report of 1,000 rows builds the rows it can show, not a thousand, before it answers a tap.
 * The marker is a new element after each step (`markerKey`), so the browser says afresh whether it is
 * still near: a tall screen keeps filling, one step per answer. The browser's reports build nothing
 * else: only a step re-renders the list (decision 236). Up to `eagerUpTo` rows, each step follows the one
 * before on the next frame, without waiting for a scroll: a page is whole a few frames after its first
 * paint, and no frame lays out the whole page's new rows at once (decision 237).
 */
export function useGrowingRows(total: number, step: number, eagerUpTo = 0) {
  const [steps, setSteps] = useState(1);
  // A transition: React builds the next step in short tasks, so a tap is answered meanwhile (decision 219).
  const grow = useCallback(() => startTransition(() => setSteps((n) => n + 1)), []);
  const ref = useNear<HTMLElement>(grow, NEAR_ROWS);
  const shown = Math.min(steps * step, total);
  const eager = shown < Math.min(total, eagerUpTo);
  useEffect(() => {
    if (!eager) return;
    const frame = requestAnimationFrame(grow);
    return () => cancelAnimationFrame(frame);
  }, [eager, steps, grow]);
  return { shown, marker: shown < total && !eager ? ref : null, markerKey: steps };
}
