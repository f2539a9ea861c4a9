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
  IconLock,
} from '@tabler/icons-react';
import { type LinkProps, useRouter, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
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
      { to: '/admin/books', label: 'Books', icon: <IconLock size={size} /> },
    ],
  },
];

/**
 * The sidebar links of spec 2.5; admin-only links only for admins. On a short window (the list is taller
 * than the sidebar) the active link is scrolled into view whenever the page changes.
 */
export function NavLinks({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isCurrent = (to: string) => pathname === to || (to === '/transactions/add' && pathname === '/');
  const list = useRef<HTMLDivElement>(null);
  const router = useRouter();
  useEffect(() => {
    // The sidebar's own scroll box only (scrollIntoView would also move the page behind a phone's menu),
    // once the page has rendered: the router then puts back the scroll positions it carries over.
    const reveal = () =>
      requestAnimationFrame(() => {
        const item = list.current?.querySelector<HTMLElement>('[data-current]');
        const box = item?.closest<HTMLElement>('.mantine-ScrollArea-viewport');
        if (!item || !box) return;
        const [i, b] = [item.getBoundingClientRect(), box.getBoundingClientRect()];
        if (i.top < b.top) box.scrollTop -= b.top - i.top + 8;
        else if (i.bottom > b.bottom) box.scrollTop += i.bottom - b.bottom + 8;
      });
    reveal();
    return router.subscribe('onRendered', reveal);
  }, [router]);
  return (
    <Stack gap="md" ref={list}>
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
                active={isCurrent(item.to)}
                data-current={isCurrent(item.to) || undefined}
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
