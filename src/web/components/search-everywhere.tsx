import '@mantine/spotlight/styles.css';
import { ActionIcon, Badge, Group, Kbd, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
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
 * Search everywhere: Ctrl+K (in a field too) or "/" (outside one) opens a box over customers, casinos,
 * screens and numbered entries and redemptions; arrows and Enter open the result (decision 182).
 */
export function SearchEverywhere() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [typed] = useDebouncedValue(query.trim(), 150);
  const found = useQuery({ ...trpc.search.query.queryOptions({ q: typed }), enabled: typed.length > 0 });
  useHotkeys([['mod+K', () => spotlight.open()]], []);
  useHotkeys([['/', () => spotlight.open()]]);

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
    <>
      <Tooltip label="Search (Ctrl+K or /)">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => spotlight.open()}
          aria-label="Search"
          aria-keyshortcuts="Control+K /"
        >
          <IconSearch size={20} />
        </ActionIcon>
      </Tooltip>
      <Spotlight.Root
        query={query}
        onQueryChange={setQuery}
        shortcut={null}
        scrollable
        maxHeight={420}
        onSpotlightClose={() => setQuery('')}
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
    </>
  );
}
