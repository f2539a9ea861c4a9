import { Group, Paper, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarCheck, IconCash, IconChartBar, IconCirclePlus, IconHistory, IconHourglass, IconTrendingUp } from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouterAnchor } from '../../components/router-link';

function QuickAction({ to, title, hint, icon }: { to: NonNullable<LinkProps['to']>; title: string; hint: string; icon: ReactNode }) {
  return (
    <RouterAnchor to={to} underline="never" c="inherit" data-testid="quick-action">
      <UnstyledButton
        component="div"
        p="md"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, height: '100%' }}
      >
        <Group wrap="nowrap">
          <ThemeIcon variant="light" size="lg">
            {icon}
          </ThemeIcon>
          <div>
            <Text fw={600}>{title}</Text>
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
    </RouterAnchor>
  );
}

/**
 * Spec 2.6's Quick Actions and the office's two daily lists (check-ins, redemptions): six for either role,
 * three to a row, so neither leaves an empty slot; staff get Participation where admins get Profitability
 * (decision 097).
 */
export function QuickActions({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} data-testid="quick-actions">
        <QuickAction to="/transactions/add" title="Add Transaction" hint="Record a new entry" icon={<IconCirclePlus size={20} />} />
        <QuickAction
          to="/transactions/history"
          title="View History"
          hint="Browse and filter all entries"
          icon={<IconHistory size={20} />}
        />
        <QuickAction to="/reports/high-sc" title="High SC Report" hint="$100+ balances" icon={<IconTrendingUp size={20} />} />
        {isAdmin ? (
          <QuickAction to="/reports/profitability" title="Profitability" hint="USD reports" icon={<IconCash size={20} />} />
        ) : (
          <QuickAction
            to="/reports/participation"
            title="Participation"
            hint="Casinos each customer is missing"
            icon={<IconChartBar size={20} />}
          />
        )}
        <QuickAction to="/check-ins" title="Check-ins" hint="Today's daily bonuses" icon={<IconCalendarCheck size={20} />} />
        <QuickAction to="/redemptions" title="Redemptions" hint="Money in transit" icon={<IconHourglass size={20} />} />
      </SimpleGrid>
    </Paper>
  );
}
