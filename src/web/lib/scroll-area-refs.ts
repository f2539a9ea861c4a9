import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Floating UI's `useMergeRefs`, as Mantine's ScrollArea calls it (an array of refs), on Mantine's own
 * `useMergedRef`. vite.config.ts hands ScrollArea this module for `@floating-ui/react`: the grids'
 * and dialogs' ScrollArea is in the screens' shared chunks, and its one import from Floating UI
 * brought all of Floating UI there, though only a field's list, a calendar or a menu needs it (decision 225).
 */
export const useMergeRefs = <T>(refs: (Ref<T> | undefined)[]) => useMergedRef<T>(...refs);
