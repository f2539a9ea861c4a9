import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActiveBadge } from '../../components/status-toggle';
import { Panel } from '../../components/panel';
import { formatDate } from '../../lib/format';

/** The head of a customer's or a casino's page: the name, what else identifies it, its status and actions. */
export function RecordHeader({
  name,
  isActive,
  createdAt,
  facts,
  actions,
}: {
  name: string;
  isActive: boolean;
  createdAt: string;
  facts: ReactNode[];
  actions: ReactNode;
}) {
  return (
    <Panel>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <ActiveBadge active={isActive} />
          </Group>
          <Group gap="md" wrap="wrap">
            {facts.map((fact, i) => (
              <Text key={i} size="sm" c="dimmed" component="div">
                {fact}
              </Text>
            ))}
            <Text size="sm" c="dimmed">
              Created {formatDate(createdAt)}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          {actions}
        </Group>
      </Group>
    </Panel>
  );
}

/**
 * A header button's flex on a phone: the buttons of a wrapped row share its width, so four of them make
 * full rows rather than a ragged stack of different lengths; from a tablet up each keeps its own width.
 */
export const ACTION_FLEX = { base: '1 1 auto', sm: '0 0 auto' } as const;

/** A website as a link that opens outside the app. */
export const WebsiteLink = ({ url }: { url: string }) => (
  <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
    {url}
  </Anchor>
);

export const RatioFact = ({ ratio }: { ratio: number }) => (
  <Badge variant="outline" color="gray">
    {ratio.toLocaleString('en-US')} SC per $1
  </Badge>
);
