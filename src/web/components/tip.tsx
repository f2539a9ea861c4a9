import type { TooltipProps } from '@mantine/core';
import { lazy, type ReactElement, Suspense } from 'react';
import { withScreenStyles } from '../lib/screen-styles';

const Tooltip = lazy(() => withScreenStyles(import('./floating')).then((m) => ({ default: m.Tooltip })));

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
