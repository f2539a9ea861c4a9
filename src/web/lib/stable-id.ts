import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (vite.config.ts hands @mantine/hooks this module for its own), without the swap to a
 * random id in a layout effect once mounted: that swap built every input, tooltip and shell again, at
 * once, right after a screen's build (a screen's second long task on a phone; decision 233). React's id
 * is already unique in the page and the same on every render, which is all the swap was for before React
 * had one.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
