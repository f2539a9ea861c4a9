import { Badge, Stack, Text } from '@mantine/core';
import {
  IconCash,
  IconCategory,
  IconFileImport,
  IconChartBar,
  IconCirclePlus,
  IconHistory,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconTrendingUp,
  IconUsers,
  IconUserShield,
  IconBuildingStore,
  IconUsersGroup,
  IconListSearch,
  IconTrashX,
  IconScale,
  IconHourglass,
  IconCalendarCheck,
  IconClockHour4,
  IconShieldLock,
} from '@tabler/icons-react';
import { type LinkProps, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouterNavLink } from './router-link';

interface Item {
  /** A path of the router's tree (typed: a link to no screen does not compile). */
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: ReactNode;
  adminOnly?: boolean;
}

const size = 18;
const GROUPS: { label: string; adminOnly?: boolean; items: Item[] }[] = [
  {
    label: 'Main',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: <IconLayoutDashboard size={size} /> },
      { to: '/transactions/add', label: 'Add Transaction', icon: <IconCirclePlus size={size} /> },
      { to: '/transactions/history', label: 'Transaction History', icon: <IconHistory size={size} /> },
      { to: '/redemptions', label: 'Redemptions', icon: <IconHourglass size={size} /> },
      { to: '/check-ins', label: 'Check-ins', icon: <IconCalendarCheck size={size} /> },
    ],
  },
  {
    label: 'Reports',
    items: [
      { to: '/reports/high-sc', label: 'High SC Report', icon: <IconTrendingUp size={size} /> },
      { to: '/reports/profitability', label: 'Profitability', icon: <IconCash size={size} />, adminOnly: true },
      { to: '/reports/participation', label: 'Participation', icon: <IconChartBar size={size} /> },
      { to: '/reports/transaction-types', label: 'Transaction Types Report', icon: <IconReportAnalytics size={size} /> },
      { to: '/reports/reconciliation', label: 'Reconciliation', icon: <IconScale size={size} /> },
      { to: '/reports/redemptions', label: 'Redemptions Report', icon: <IconClockHour4 size={size} /> },
    ],
  },
  {
    label: 'Manage',
    items: [
      { to: '/customers', label: 'Customers', icon: <IconUsersGroup size={size} /> },
      { to: '/casinos', label: 'Casinos', icon: <IconBuildingStore size={size} /> },
      { to: '/types', label: 'Transaction Types', icon: <IconCategory size={size} /> },
      { to: '/import', label: 'Import', icon: <IconFileImport size={size} /> },
    ],
  },
  {
    label: 'Admin',
    adminOnly: true,
    items: [
      { to: '/admin/users', label: 'Users', icon: <IconUsers size={size} /> },
      { to: '/admin/audit', label: 'Audit Trail', icon: <IconListSearch size={size} /> },
      { to: '/admin/access-log', label: 'Access log', icon: <IconShieldLock size={size} /> },
      { to: '/admin/deleted-transactions', label: 'Deleted Transactions', icon: <IconTrashX size={size} /> },
    ],
  },
];

/** The sidebar links of spec 2.5; admin-only links only for admins. */
export function NavLinks({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Stack gap="md">
      {GROUPS.filter((g) => isAdmin || !g.adminOnly).map((group) => (
        <div key={group.label}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
            {group.label}
          </Text>
          {group.items
            .filter((item) => isAdmin || !item.adminOnly)
            .map((item) => (
              <RouterNavLink
                key={item.to}
                to={item.to}
                label={item.label}
                leftSection={item.icon}
                onClick={onNavigate}
                active={pathname === item.to || (item.to === '/transactions/add' && pathname === '/')}
                rightSection={
                  item.adminOnly ? (
                    <Badge size="xs" variant="light" color="grape" leftSection={<IconUserShield size={10} />}>
                      Admin
                    </Badge>
                  ) : undefined
                }
                style={{ borderRadius: 8 }}
              />
            ))}
        </div>
      ))}
    </Stack>
  );
}
