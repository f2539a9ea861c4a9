import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format';

/** A summary card. `failed`: its read failed, so it shows a dash rather than a number that looks real. */
export function StatCard(props: {
  title: string;
  value: ReactNode;
  hint?: string;
  icon: ReactNode;
  loading?: boolean;
  failed?: boolean;
  /** The read behind the card, instead of `loading` and `failed`: pending shows a placeholder, failed a dash. */
  read?: { isPending: boolean; isError: boolean };
  color?: string;
  /** The card has half a panel or more at every width (two to a row at most): its value never shrinks. */
  wide?: boolean;
}) {
  const { title, hint, icon, read, color, wide } = props;
  const loading = read ? read.isPending : props.loading;
  const failed = read ? read.isError : props.failed;
  const value = failed ? '—' : typeof props.value === 'number' ? formatCount(props.value) : props.value;
  // Long amounts shrink with the window rather than break in the middle of a number.
  const length = typeof value === 'string' || typeof value === 'number' ? String(value).length : 0;
  // "-$93,767.00" (11 characters) needs a smaller size than "93,767.00" to fit a quarter of the panel at 1280 px.
  const size = length > 10 ? 'clamp(15px, 1.1vw + 1px, 26px)' : 'clamp(17px, 1.3vw + 4px, 26px)';
  return (
    // As tall as the other cards of its row (a card whose hint wraps makes the row taller).
    <Card withBorder padding="lg" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          {loading ? (
            <Skeleton h={30} w={60} />
          ) : (
            <Text
              fz={length > 9 && !wide ? { base: 26, lg: size } : 26}
              fw={800}
              lh={1.15}
              c={color}
              data-testid={`stat-${title}`}
              aria-label={failed ? `${title}: not available` : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {value}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color?.split('.')[0]}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
