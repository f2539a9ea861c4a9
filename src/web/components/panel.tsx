import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered panel of a screen (filters, a table): tighter padding on phones. */
export function Panel({ children, ...props }: PaperProps & { children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} {...props}>
      {children}
    </Paper>
  );
}
