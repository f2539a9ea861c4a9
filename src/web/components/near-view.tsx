import { useIntersection } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * Builds `children` once the place they stand comes within a screen of the view (then keeps them); until
 * then `placeholder` holds that place. The Dashboard's charts, at the foot of the page, fetch their library
 * (the largest chunk of the app) only then, not while a phone is drawing the figures above (decision 218).
 * A browser without IntersectionObserver builds them at once.
 */
export function NearView({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: '100% 0px' });
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry]);
  return near ? (
    children
  ) : (
    <div ref={ref} data-near-view="waiting">
      {placeholder}
    </div>
  );
}
