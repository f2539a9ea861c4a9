import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { DASHBOARD_FETCH_LIMIT, DASHBOARD_RECENT_SHOWN } from '../../shared/constants';
import { SignedUsd, TypeBadge } from '../components/money';
import { LoadError } from '../components/load-error';
import { NearView } from '../components/near-view';
import { LedgerCheckCard } from '../features/audit/ledger-check-card';
import { QuickActions } from '../features/dashboard/quick-actions';
import { SummaryCards } from '../features/dashboard/summary-cards';
import { BrokenReconciliationsNotice } from '../features/customer-casinos';
import { RouterAnchor } from '../components/router-link';
import { failureOf } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { useAuth } from '../lib/use-auth';
import { trpc } from '../trpc';
import { CasinoLink, CustomerLink } from '../components/record-links';

// The charts and their library load in their own chunk, after the page (bundle budget), once the place
// they stand in comes near the view (decision 218).
const DashboardCharts = lazy(() => import('../features/dashboard/dashboard-charts').then((m) => ({ default: m.DashboardCharts })));

/** Spec 2.6. */
export function DashboardPage() {
  const auth = useAuth();
  const recent = useQuery(trpc.transactions.recent.queryOptions({ limit: DASHBOARD_FETCH_LIMIT }));
  const rows = recent.data ?? [];
  const isAdmin = auth.user?.role === 'admin';
  const recentFailure = failureOf(recent);

  return (
    <Stack gap="lg">
      <SummaryCards user={auth.user} />
      <BrokenReconciliationsNotice />

      {isAdmin && <LedgerCheckCard />}

      <QuickActions isAdmin={isAdmin} />

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
                    <CustomerLink id={t.customerId} name={t.customer.name} fw={600} />{' '}
                    <Text span c="dimmed">
                      at
                    </Text>{' '}
                    <CasinoLink id={t.casinoId} name={t.casino.name} fw={600} />
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

      <NearView placeholder={<Skeleton h={300} />}>
        <Suspense fallback={<Skeleton h={300} />}>
          <DashboardCharts />
        </Suspense>
      </NearView>
    </Stack>
  );
}
