import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bringIntoView, reportFar, stubIntersection, watchedCount, watchedMargins } from '../testing/intersection';
import { useGrowingRows } from './use-growing-rows';

let renders = 0;

/** A list of `total` items built `step` at a time, counting its renders. */
function List({ total, step }: { total: number; step: number }) {
  renders++;
  const growing = useGrowingRows(total, step);
  return (
    <ul>
      {Array.from({ length: growing.shown }, (_, i) => (
        <li key={i}>item {i + 1}</li>
      ))}
      {growing.marker && <li key={`marker-${growing.markerKey}`} ref={growing.marker} aria-hidden />}
    </ul>
  );
}

beforeEach(() => {
  stubIntersection();
  renders = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('a list built as it scrolls near', () => {
  it('is not built again when the browser reports its marker still far from the view', () => {
    render(<List total={25} step={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    const before = renders;
    reportFar();
    reportFar();
    expect(renders).toBe(before);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });

  it('builds a step more each time its marker comes near, watching each new marker afresh, and stops at the end', async () => {
    render(<List total={25} step={10} />);
    expect(watchedCount()).toBe(1);
    bringIntoView();
    expect(await screen.findByText('item 20')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(watchedCount()).toBe(1);
    bringIntoView();
    expect(await screen.findByText('item 25')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
    expect(watchedCount()).toBe(0);
  });

  it('builds the next step when its end is a quarter screen below the view, not a whole screen (decision 242)', () => {
    render(<List total={25} step={10} />);
    // A phone's first 12 of History's cards reach a screen and a half down: with a screen's margin the next
    // 12 were built while the screen loaded; with a quarter, when it is scrolled.
    expect(watchedMargins()).toEqual(['25% 0px']);
  });
});
