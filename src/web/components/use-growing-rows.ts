import { startTransition, useCallback, useState } from 'react';
import { useNear } from './use-near';

/**
 * How many of a grid's rows to build: `step` at once, then `step` more each time the marker after the
 * last built row comes within a screen of the view, until all are built (decision 172). A phone that
 * opens a report of 1,000 rows builds the rows it can show, not a thousand, before it answers a tap.
 * The marker is a new element after each step (`markerKey`), so the browser says afresh whether it is
 * still near: a tall screen keeps filling, one step per answer. The browser's reports build nothing
 * else: only a step re-renders the list (decision 236).
 */
export function useGrowingRows(total: number, step: number) {
  const [steps, setSteps] = useState(1);
  // A transition: React builds the next step in short tasks, so a tap is answered meanwhile (decision 219).
  const grow = useCallback(() => startTransition(() => setSteps((n) => n + 1)), []);
  const ref = useNear<HTMLElement>(grow);
  const shown = Math.min(steps * step, total);
  return { shown, marker: shown < total ? ref : null, markerKey: steps };
}
