import type { TooltipProps } from '@mantine/core';
import { lazy, type ReactElement, Suspense } from 'react';
import { withScreenStyles } from '../lib/screen-styles';

/**
 * Mantine's Tooltip, fetched once: the shared tooltip (tip-layer.tsx) asks for it at a mouse's first
 * move, so that a tooltip shown while the server is unreachable ("Not live") does not wait for it.
 */
export const loadTooltip = () => withScreenStyles(import('./floating')).then((m) => m.Tooltip);

/**
 * Mantine's Tooltip as a lazy component. If its code cannot be fetched (the server restarting, a phone
 * that never moved a mouse), the element shows without a tooltip instead of failing its screen.
 */
export const LazyTooltip = lazy(() =>
  loadTooltip().then(
    (Tooltip) => ({ default: Tooltip }),
    () => ({ default: ({ children }: TooltipProps) => children }),
  ),
);

/**
 * Mantine's Tooltip, loaded after the first paint (decision 217): until it is in, the element shows
 * without its tooltip, the same size in the same place.
 */
export function Tip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <LazyTooltip {...props}>{children}</LazyTooltip>
    </Suspense>
  );
}
