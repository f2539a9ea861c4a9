import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCalculator } from '@tabler/icons-react';
import { ratioHint, ratioLevel, ratioText } from '../../../shared/ledger';
import { formatGrouped } from '../../../shared/money';
import type { Preview } from './form-state';

function Value({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} ff="monospace" c={value < 0 ? 'red' : undefined} data-testid={testId}>
        {formatGrouped(value)}
      </Text>
    </Stack>
  );
}

/** Names each balance the entry would leave below zero, before it is saved. */
function BelowZero({ values }: { values: Preview }) {
  const balances: [string, number][] = [
    ['Unplayed SC after', values.unplayedAfter],
    ['Played SC after', values.playedAfter],
  ];
  const below = balances.filter(([, value]) => value < 0);
  if (below.length === 0) return null;
  return (
    <Group gap="xs" mt="sm" c="red" role="status" data-testid="preview-below-zero" wrap="nowrap" align="flex-start">
      <IconAlertTriangle size={16} style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" fw={600}>
        {below.map(([label, value]) => `${label}: ${formatGrouped(value)}, below zero`).join('; ')}
      </Text>
    </Group>
  );
}

/**
 * The Auto-Calculated Values panel shared by the add form and the edit dialog. Colours by name (`teal`,
 * `red`): the contrast resolver gives each scheme a shade that passes AA on the panel (decision 095).
 */
export function CalculatedValues({ values, scRatio }: { values: Preview; scRatio: number }) {
  const level = values.ratio === null ? null : ratioLevel(values.ratio);
  return (
    <Paper withBorder p="md" className="panel-bg">
      <Group gap="xs" mb="sm">
        <ThemeIcon variant="light" size="sm">
          <IconCalculator size={14} />
        </ThemeIcon>
        <Text fw={700} size="sm">
          Auto-Calculated Values
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Purchase Ratio
          </Text>
          <Text fw={700} ff="monospace" c={level === 'good' ? 'teal' : level === 'low' ? 'red' : 'dimmed'} data-testid="preview-ratio">
            {ratioText(values.ratio)}
          </Text>
          {values.ratio !== null && (
            <Text size="xs" c={level === 'good' ? 'teal' : 'red'} data-testid="preview-ratio-hint">
              {ratioHint(values.ratio)}
            </Text>
          )}
        </Stack>
        <Value label="Unplayed SC After" value={values.unplayedAfter} testId="preview-unplayed" />
        <Value label="Played SC After" value={values.playedAfter} testId="preview-played" />
        <Value label="Total SC After" value={values.totalAfter} testId="preview-total" />
      </SimpleGrid>
      <BelowZero values={values} />
      <Text size="xs" c="dimmed" mt="xs">
        Ratio = unplayed coins ÷ (|USD| × {scRatio})
      </Text>
    </Paper>
  );
}
