import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format';

interface Props {
  search: string;
  onSearch: (value: string) => void;
  placeholder: string;
  addLabel: string;
  onAdd: () => void;
  count: string;
  extra?: ReactNode;
}

/**
 * Search box, count and the Add button above a master-data grid. The search box takes a line of its own
 * when its placeholder would not fit beside the count (a phone): the placeholder is read in full.
 */
export function ListToolbar({ search, onSearch, placeholder, addLabel, onAdd, count, extra }: Props) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" style={{ flex: '1 1 320px' }} wrap="wrap">
        <TextInput
          placeholder={placeholder}
          aria-label={placeholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          style={{ flex: '1 1 300px' }}
        />
        {extra}
        <Text size="sm" c="dimmed" data-testid="list-count">
          {count}
        </Text>
      </Group>
      <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Group>
  );
}

export const countLabel = (shown: number, total: number, noun: string) =>
  shown === total ? `${formatCount(total)} ${noun}${total === 1 ? '' : 's'}` : `${formatCount(shown)} of ${formatCount(total)} ${noun}s`;

export const matches = (needle: string, ...values: (string | null | undefined)[]) =>
  !needle.trim() || values.some((v) => v?.toLowerCase().includes(needle.trim().toLowerCase()));
