import { Box, Button, Collapse, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Panel } from './panel';
import { usePhone } from './use-phone';

interface Props {
  /** The filter fields: always shown on a larger screen, folded away on a phone until asked for. */
  children: ReactNode;
  /** How many filters are set, shown on the folded panel's button ("Filters (2)"). */
  active?: number;
  /** Buttons that stay in view on a phone too (exports). */
  actions?: ReactNode;
  /** The clear button, under the fields. */
  clear?: ReactNode;
  /** Shown under the fields, and on a phone also while they are folded (a failed read of their options). */
  notice?: ReactNode;
}

/**
 * Every list screen's filters (decision 118): on a larger screen a panel of fields with Clear and the
 * actions under them; on a phone one line ("Filters (2)" and the actions) that unfolds the fields, so
 * the data comes first.
 */
export function FilterPanel({ children, active = 0, actions, clear, notice }: Props) {
  const phone = usePhone();
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  const footer = (clear || actions) && (
    <Group justify="space-between" mt="md" gap="sm">
      {clear ?? <span />}
      {!phone && actions}
    </Group>
  );
  if (!phone)
    return (
      <Panel data-testid="filter-panel">
        {children}
        {notice}
        {footer}
      </Panel>
    );
  return (
    <Panel data-testid="filter-panel">
      {/* Wraps rather than cuts: a wide action (Request redemption) goes under the Filters button. */}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          variant="subtle"
          px="xs"
          style={{ flexShrink: 0 }}
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          rightSection={
            <IconChevronDown size={16} style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
          }
          aria-expanded={opened}
          aria-controls={id}
          onClick={toggle}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
        {actions}
      </Group>
      <Collapse expanded={opened} id={id}>
        <Box pt="sm">
          {children}
          {clear && footer}
        </Box>
      </Collapse>
      {notice}
    </Panel>
  );
}
