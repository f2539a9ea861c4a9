import type { TooltipProps } from '@mantine/core';
import { lazy, type ReactElement, Suspense } from 'react';
import { withScreenStyles } from '../lib/screen-styles';

/**
 * Mantine's Tooltip, fetched once: the shared tooltip (tip-layer.tsx) asks for it as the app shell
 * appears, so that a tooltip shown while the server is unreachable ("Not live") does not wait for it.
 */
export const loadTooltip = () => withScreenStyles(import('./floating')).then((m) => m.Tooltip);

const Tooltip = lazy(() => loadTooltip().then((Tooltip) => ({ default: Tooltip })));

/**
 * Mantine's Tooltip, loaded after the first paint (decision 217): until it is in, the element shows
 * without its tooltip, the same size in the same place.
 */
export function Tip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
