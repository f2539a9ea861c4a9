import { ActionIcon } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { withScreenStyles } from '../lib/screen-styles';
import { tipProps } from './tip-props';

const SearchSpotlight = lazy(() => withScreenStyles(import('./search-spotlight')).then((m) => ({ default: m.SearchSpotlight })));

/**
 * Search everywhere: the header's button, Ctrl+K (in a field too) or "/" (outside one). The box itself
 * (Spotlight) is loaded on the first search, so the first screen's download stays within its budget.
 */
export function SearchEverywhere() {
  const [wanted, setWanted] = useState(false);
  const opener = useRef<(() => void) | null>(null);
  const open = () => (opener.current ? opener.current() : setWanted(true));
  const ready = useCallback((openBox: () => void) => {
    opener.current = openBox;
    openBox();
  }, []);
  useHotkeys([['mod+K', open]], []);
  useHotkeys([['/', open]]);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={open}
        aria-label="Search"
        aria-keyshortcuts="Control+K /"
        {...tipProps('Search (Ctrl+K or /)')}
      >
        <IconSearch size={20} />
      </ActionIcon>
      {wanted && (
        <Suspense fallback={null}>
          <SearchSpotlight onReady={ready} />
        </Suspense>
      )}
    </>
  );
}
