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
import { SCREENS } from '../../shared/screens';

interface Item {
  /** A path of the router's tree (typed: a link to no screen does not compile). */
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: ReactNode;
  adminOnly?: boolean;
}

/** A sidebar link: its label (and whether only admins see it) as the app's screens list them for search. */
function screenItem(to: Item['to'], icon: ReactNode): Item {
  const screen = SCREENS.find((s) => s.path === to);
  if (!screen) throw new Error(`${to} is not a screen of shared/screens.ts`);
  return { to, label: screen.label, icon, adminOnly: screen.adminOnly };
}

const size = 18;
const GROUPS: { label: string; adminOnly?: boolean; items: Item[] }[] = [
  {
    label: 'Main',
    items: [
      screenItem('/dashboard', <IconLayoutDashboard size={size} />),
      screenItem('/transactions/add', <IconCirclePlus size={size} />),
      screenItem('/transactions/history', <IconHistory size={size} />),
      screenItem('/redemptions', <IconHourglass size={size} />),
      screenItem('/check-ins', <IconCalendarCheck size={size} />),
    ],
  },
  {
    label: 'Reports',
    items: [
      screenItem('/reports/high-sc', <IconTrendingUp size={size} />),
      screenItem('/reports/profitability', <IconCash size={size} />),
      screenItem('/reports/participation', <IconChartBar size={size} />),
      screenItem('/reports/transaction-types', <IconReportAnalytics size={size} />),
      screenItem('/reports/reconciliation', <IconScale size={size} />),
      screenItem('/reports/redemptions', <IconClockHour4 size={size} />),
    ],
  },
  {
    label: 'Manage',
    items: [
      screenItem('/customers', <IconUsersGroup size={size} />),
      screenItem('/casinos', <IconBuildingStore size={size} />),
      screenItem('/types', <IconCategory size={size} />),
      screenItem('/import', <IconFileImport size={size} />),
    ],
  },
  {
    label: 'Admin',
    adminOnly: true,
    items: [
      screenItem('/admin/users', <IconUsers size={size} />),
      screenItem('/admin/audit', <IconListSearch size={size} />),
      screenItem('/admin/access-log', <IconShieldLock size={size} />),
      screenItem('/admin/deleted-transactions', <IconTrashX size={size} />),
      screenItem('/admin/books', <IconLock size={size} />),
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
        const box = item?.closest<HTMLElement>('.sidebar-scroll');
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
                  // The Admin badge marks an admin's link among everyone's; the Admin group needs none.
                  item.adminOnly && !group.adminOnly ? (
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
