import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBuildingStore,
  IconCash,
  IconCirclePlus,
  IconHistory,
  IconHourglass,
  IconReceipt,
  IconShieldCheck,
  IconTrendingUp,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type LinkProps } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { DASHBOARD_FETCH_LIMIT, DASHBOARD_RECENT_SHOWN } from '../../shared/constants';
import { SignedUsd, TypeBadge } from '../components/money';
import { LoadError } from '../components/load-error';
import { StatCard } from '../components/stat-card';
import { LedgerCheckCard } from '../features/audit/ledger-check-card';
import { RouterAnchor } from '../components/router-link';
import { failureOf } from '../lib/errors';
import { formatCount, formatDateTime, groupedAmount } from '../lib/format';
import { useCasinos, useCustomers } from '../lib/master-data';
import { useAuth } from '../lib/use-auth';
import { trpc } from '../trpc';

function QuickAction({ to, title, hint, icon }: { to: NonNullable<LinkProps['to']>; title: string; hint: string; icon: ReactNode }) {
  return (
    <RouterAnchor to={to} underline="never" c="inherit">
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

// The charts and their library load in their own chunk, after the page (bundle budget).
const DashboardCharts = lazy(() => import('../features/dashboard/dashboard-charts').then((m) => ({ default: m.DashboardCharts })));

/** Spec 2.6. */
export function DashboardPage() {
  const auth = useAuth();
  const customers = useCustomers();
  const casinos = useCasinos();
  const recent = useQuery(trpc.transactions.recent.queryOptions({ limit: DASHBOARD_FETCH_LIMIT }));
  const inTransit = useQuery(trpc.redemptions.inTransit.queryOptions());
  const rows = recent.data ?? [];
  const isAdmin = auth.user?.role === 'admin';
  const cardsFailure = failureOf(customers, casinos, inTransit);
  const recentFailure = failureOf(recent);

  return (
    <Stack gap="lg">
      {cardsFailure && <LoadError failure={cardsFailure} />}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }}>
        <StatCard
          title="Total Customers"
          hint="Active gaming accounts"
          icon={<IconUsersGroup />}
          read={customers}
          value={customers.data?.filter((c) => c.isActive).length ?? 0}
        />
        <StatCard
          title="Active Casinos"
          hint="Gaming platforms"
          icon={<IconBuildingStore />}
          read={casinos}
          value={casinos.data?.filter((c) => c.isActive).length ?? 0}
        />
        <StatCard title="Recent Transactions" hint="Last 10 entries" icon={<IconReceipt />} read={recent} value={rows.length} />
        <StatCard
          title="Your Role"
          hint="Access level"
          icon={<IconShieldCheck />}
          value={
            <Text span inherit tt="capitalize">
              {auth.user?.role ?? ''}
            </Text>
          }
        />
        <RouterAnchor to="/redemptions" underline="never" c="inherit">
          <StatCard
            title="In transit"
            hint={
              inTransit.data
                ? `${formatCount(inTransit.data.count)} pending ${inTransit.data.count === 1 ? 'redemption' : 'redemptions'}`
                : 'Pending redemptions'
            }
            icon={<IconHourglass />}
            read={inTransit}
            value={inTransit.data ? `$${groupedAmount(inTransit.data.usd)}` : 0}
          />
        </RouterAnchor>
      </SimpleGrid>

      {isAdmin && <LedgerCheckCard />}

      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Quick Actions
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          <QuickAction to="/transactions/add" title="Add Transaction" hint="Record a new entry" icon={<IconCirclePlus size={20} />} />
          <QuickAction
            to="/transactions/history"
            title="View History"
            hint="Browse and filter all entries"
            icon={<IconHistory size={20} />}
          />
          <QuickAction to="/reports/high-sc" title="High SC Report" hint="$100+ balances" icon={<IconTrendingUp size={20} />} />
          {isAdmin && <QuickAction to="/reports/profitability" title="Profitability" hint="USD reports" icon={<IconCash size={20} />} />}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Recent Activity
        </Title>
        {recentFailure ? (
          <LoadError failure={recentFailure} compact />
        ) : recent.isPending ? (
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={44} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            No transactions yet. Record the first one on the Add Transaction page.
          </Text>
        ) : (
          <Stack gap={0}>
            {rows.slice(0, DASHBOARD_RECENT_SHOWN).map((t) => (
              <Group
                key={t.id}
                justify="space-between"
                py="sm"
                wrap="nowrap"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid="recent-activity"
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {t.customer.name}{' '}
                    <Text span c="dimmed">
                      at
                    </Text>{' '}
                    {t.casino.name}
                  </Text>
                  <Group gap="xs">
                    <TypeBadge name={t.transactionType.name} />
                    <Text size="xs" c="dimmed">
                      {formatDateTime(t.date)}
                    </Text>
                  </Group>
                </Stack>
                <SignedUsd value={t.usdChange} />
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="flex-end" mt="sm">
          <RouterAnchor to="/transactions/history" size="sm">
            View all transactions
          </RouterAnchor>
        </Group>
      </Paper>

      <Suspense fallback={<Skeleton h={300} />}>
        <DashboardCharts />
      </Suspense>
    </Stack>
  );
}
