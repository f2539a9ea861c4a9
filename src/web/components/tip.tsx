import type { TooltipProps } from '@mantine/core';
import { lazy, type ReactElement, Suspense, use } from 'react';
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

/** Settles at a mouse's (or a pen's) first move on the page: a tooltip shown only on hover is no use before. */
let firstMove: Promise<void> | undefined;
const mouseMoved = () =>
  (firstMove ??= new Promise((resolve) => {
    const move = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      document.removeEventListener('pointermove', move);
      resolve();
    };
    document.addEventListener('pointermove', move);
  }));

/** The tooltip of a hover-only Tip: it waits (suspended) for a mouse's first move, then for its code. */
function HoverTooltip(props: TooltipProps) {
  use(mouseMoved());
  return <LazyTooltip {...props} />;
}

/**
 * Mantine's Tooltip, loaded after the first paint (decision 217): until it is in, the element shows
 * without its tooltip, the same size in the same place. A tooltip shown only on hover (Mantine's default)
 * asks for its code at a mouse's first move, not at the first paint: a phone never fetches it, and a
 * screen's first paint does not wait beside it (decision 250).
 */
export function Tip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  const Tooltip = props.events?.focus || props.events?.touch ? LazyTooltip : HoverTooltip;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
