import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, type PointerEvent, type ReactElement, Suspense, useState } from 'react';
import { withScreenStyles } from '../lib/screen-styles';

const Tooltip = lazy(() => withScreenStyles(import('./floating')).then((m) => ({ default: m.Tooltip })));

type Child = ReactElement<{ onPointerEnter?: (event: PointerEvent) => void }>;

/**
 * Mantine's Tooltip, built when a pointer first comes over the element (decisions 217 and 219): a grid's
 * hundred rows of buttons mount without a hundred Floating UI hooks, and the tooltip's code loads after
 * the first paint. It then opens at once, as Mantine's would on that hover. A tooltip that opens on
 * focus as well (`events.focus`) is built from the start, so a keyboard user's focus never lands on an
 * element that is then replaced.
 */
export function Tip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Child }) {
  const [hovered, setHovered] = useState(false);
  if (!hovered && !props.events?.focus) {
    const own = children.props.onPointerEnter;
    return cloneElement(children, {
      onPointerEnter: (event: PointerEvent) => {
        own?.(event);
        if (event.pointerType === 'mouse') setHovered(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Tooltip defaultOpened={hovered} {...props}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
