import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconCalendarCheck, IconHourglass, IconReceipt, IconShieldCheck, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_FETCH_LIMIT } from '../../../shared/constants';
import { formatSignedGrouped, toHundredths } from '../../../shared/money';
import { LoadError } from '../../components/load-error';
import { StatCard } from '../../components/stat-card';
import { failureOf } from '../../lib/errors';
import { RouterAnchor } from '../../components/router-link';
import { formatCount, formatDateTime, groupedAmount } from '../../lib/format';
import { useCasinos, useCustomers } from '../../lib/master-data';
import type { TransactionView, UserView } from '../../lib/api-types';
import { trpc } from '../../trpc';

/** What each role opens, in the office's words (the sidebar's admin-only screens). */
const ACCESS: Record<UserView['role'], string> = {
  admin: 'Access level: every screen, Admin included',
  staff: 'Access level: every screen but Profitability and Admin',
};

/** The last entries' USD added up, and when the newest was made. */
function recentSummary(rows: TransactionView[]) {
  const net = rows.reduce((sum, t) => sum + toHundredths(t.usdChange), 0);
  return { net, newest: rows[0]?.date };
}

/** A card that opens its screen. */
function CardLink({ to, children }: { to: '/redemptions' | '/check-ins'; children: React.ReactNode }) {
  return (
    <RouterAnchor to={to} underline="never" c="inherit" display="block" h="100%">
      {children}
    </RouterAnchor>
  );
}

/**
 * The Dashboard's six cards (spec 2.6's four, In transit and today's check-ins), three to a row on a
 * laptop and two on a small tablet, so no row has an empty slot (decision 097). Recent Transactions
 * sums the last 10 entries' USD and says when the newest was made; Your Role says what the role opens.
 */
export function SummaryCards({ user }: { user: UserView | null }) {
  // The page's Recent Activity reads the same entries (one request, shared by the query's key).
  const recent = useQuery(trpc.transactions.recent.queryOptions({ limit: DASHBOARD_FETCH_LIMIT }));
  const customers = useCustomers();
  const casinos = useCasinos();
  const inTransit = useQuery(trpc.redemptions.inTransit.queryOptions());
  // One row of today's board: its "N of M done" counts every active link.
  const checkIns = useQuery(trpc.checkIns.board.queryOptions({ limit: 1 }));
  const { net, newest } = recentSummary(recent.data ?? []);
  const count = recent.data?.length ?? 0;
  const failure = failureOf(customers, casinos, inTransit, checkIns);
  return (
    <Stack gap="lg">
      {failure && <LoadError failure={failure} />}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="dashboard-cards">
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
        <StatCard
          title="Recent Transactions"
          hint={
            count === 0
              ? `Last ${DASHBOARD_FETCH_LIMIT} entries: none yet`
              : `Last ${DASHBOARD_FETCH_LIMIT} entries (net USD), newest ${newest ? formatDateTime(newest) : ''}`
          }
          icon={<IconReceipt />}
          read={recent}
          value={count === 0 ? 'None' : formatSignedGrouped(net)}
          color={count === 0 ? undefined : net < 0 ? 'red' : 'teal'}
        />
        <StatCard
          title="Your Role"
          hint={user ? ACCESS[user.role] : 'Access level'}
          icon={<IconShieldCheck />}
          value={
            <Text span inherit tt="capitalize">
              {user?.role ?? ''}
            </Text>
          }
        />
        <CardLink to="/redemptions">
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
        </CardLink>
        <CardLink to="/check-ins">
          <StatCard
            title="Check-ins today"
            hint={checkIns.data ? `Done on ${checkIns.data.date} (office time)` : 'Daily check-in board'}
            icon={<IconCalendarCheck />}
            read={checkIns}
            value={checkIns.data ? `${formatCount(checkIns.data.done)} of ${formatCount(checkIns.data.total)}` : 0}
          />
        </CardLink>
      </SimpleGrid>
    </Stack>
  );
}
