import { Box, type BoxProps, rem, Table } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * Mantine's `Table.ScrollContainer` of type "native" (a box that scrolls its table sideways, the table
 * at least `minWidth` wide), with Mantine's own classes and variables: Mantine's component imports its
 * ScrollArea, and Floating UI with it, for the other type, which put the popups' code into every
 * screen's shared chunk (decision 225).
 */
export function TableScroll({
  minWidth,
  className,
  style,
  children,
  ...others
}: BoxProps & ComponentPropsWithoutRef<'div'> & { minWidth: number }) {
  return (
    <Box
      {...others}
      className={className ? `${Table.classes.scrollContainer} ${className}` : Table.classes.scrollContainer}
      style={[{ '--table-min-width': rem(minWidth), '--table-overflow': 'auto' }, style]}
    >
      <div className={Table.classes.scrollContainerInner}>{children}</div>
    </Box>
  );
}
