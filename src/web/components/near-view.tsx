import { type ReactNode, useCallback, useState } from 'react';
import { useNear } from './use-near';

/**
 * Builds `children` once the place they stand comes within a screen of the view (then keeps them); until
 * then `placeholder` holds that place. The Dashboard's charts, at the foot of the page, fetch their library
 * (the largest chunk of the app) only then, not while a phone is drawing the figures above (decision 218).
 */
export function NearView({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [near, setNear] = useState(false);
  const ref = useNear<HTMLDivElement>(useCallback(() => setNear(true), []));
  return near ? (
    children
  ) : (
    <div ref={ref} data-near-view="waiting">
      {placeholder}
    </div>
  );
}
