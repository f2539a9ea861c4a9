import '@mantine/spotlight/styles.layer.css';
import { Badge, Group, Kbd, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { SearchKind, SearchResult } from '../../shared/schemas/search';
import { messageOf } from '../lib/errors';
import { trpc } from '../trpc';

const KIND_LABELS: Record<SearchKind, string> = {
  customer: 'Customer',
  casino: 'Casino',
  screen: 'Screen',
  transaction: 'Transaction',
  redemption: 'Redemption',
};

/**
 * The search box (Mantine Spotlight) over customers, casinos, screens and numbered entries and
 * redemptions; arrows and Enter open the result (decision 182). Loaded on the first search, it hands
 * its opener to the header's button (`onReady`).
 */
export function SearchSpotlight({ onReady }: { onReady: (open: () => void) => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [typed] = useDebouncedValue(query.trim(), 150);
  const found = useQuery({ ...trpc.search.query.queryOptions({ q: typed }), enabled: typed.length > 0 });
  useEffect(() => onReady(() => spotlight.open()), [onReady]);

  const open = (r: SearchResult) => {
    if (r.kind === 'customer') void navigate({ to: '/customers/$customerId', params: { customerId: String(r.id) } });
    else if (r.kind === 'casino') void navigate({ to: '/casinos/$casinoId', params: { casinoId: String(r.id) } });
    else if (r.kind === 'screen') void navigate({ to: String(r.id) });
    else if (r.kind === 'transaction')
      void navigate({
        to: '/transactions/history',
        search: { customerId: r.customerId, casinoId: r.casinoId, startDate: r.day, endDate: r.day },
      });
    else void navigate({ to: '/redemptions', search: { status: 'all', customerId: r.customerId, casinoId: r.casinoId } });
  };

  const results = found.data?.results ?? [];
  const waiting = typed.length > 0 && (found.isPending || typed !== query.trim());
  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={420}
      onSpotlightClose={() => setQuery('')}
      // The dialog's name for screen readers (axe: aria-dialog-name): a title the eye does not need, the search field says it.
      title="Search everywhere"
      styles={{ header: { display: 'none' } }}
    >
      <Spotlight.Search
        placeholder="Search customers, casinos, screens, #number..."
        leftSection={<IconSearch size={18} />}
        aria-label="Search everywhere"
      />
      <Spotlight.ActionsList aria-label="Search results">
        {results.map((r) => (
          <Spotlight.Action key={`${r.kind}-${r.id}`} onClick={() => open(r)}>
            <Group wrap="nowrap" w="100%" justify="space-between" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {r.label}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {r.detail}
                </Text>
              </div>
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                {KIND_LABELS[r.kind]}
              </Badge>
            </Group>
          </Spotlight.Action>
        ))}
        {typed.length === 0 ? (
          <Spotlight.Empty>
            Type a name, an email, a website, a screen, or <Kbd>#</Kbd> and a number.
          </Spotlight.Empty>
        ) : found.isError ? (
          <Spotlight.Empty>
            <Text c="red" size="sm" role="alert">
              {messageOf(found.error, 'The search failed; try again.')}
            </Text>
          </Spotlight.Empty>
        ) : waiting ? (
          <Spotlight.Empty>Searching...</Spotlight.Empty>
        ) : (
          results.length === 0 && <Spotlight.Empty>Nothing found for “{typed}”.</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
