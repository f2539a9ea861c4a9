import { Burger, Button, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCoins, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { displayName, useAuthActions } from '../lib/use-auth';
import { useLiveUpdates } from '../lib/live-updates';
import { AccountButton } from './account-button';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LiveIndicator } from './live-indicator';
import { NavLinks } from './nav-links';
import { OnDemandMenu } from './on-demand-menu';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SearchEverywhere } from './search-everywhere';
import { MAIN_ID, SkipLink } from './skip-link';
import { TipLayer } from './tip-layer';
import { usePhone } from './use-phone';
import type { UserView } from '../lib/api-types';

function usePageHeading(user: UserView): { title: string; subtitle: string } {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => m.staticData?.title);
  const data = match?.staticData;
  const subtitle = data?.subtitle;
  return {
    title: data?.title ?? '',
    subtitle:
      typeof subtitle === 'function' ? subtitle({ user, search: (match?.search ?? {}) as Record<string, unknown> }) : (subtitle ?? ''),
  };
}

/** Spec 2.5: sidebar on large screens, slide-in menu on small ones, header with title and the user. */
export function AppLayout({ user }: { user: UserView }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const { title, subtitle } = usePageHeading(user);
  const name = displayName(user);
  // On a phone the header keeps the title, name and role; the subtitle opens the page instead.
  const phone = usePhone();
  useLiveUpdates(user.id);

  // The server ends the session, then to /login, then the token goes: the signed-in check that a sign-out
  // runs again then finds /login.
  const logout = () => void signOut(() => void navigate({ to: '/login' }));

  return (
    // The page's frame is ours (app.css, `.shell*`), not Mantine's AppShell: that one worked out its sizes
    // in a style element it wrote while rendering, and brought a resize handle and react-remove-scroll into
    // the start-up file (decision 245). Same sizes: a 64 px header, a 260 px sidebar from Mantine's `md`,
    // which slides in over the page below it.
    <div className="shell" id="app-shell" data-nav-open={opened || undefined}>
      <SkipLink />
      {/* The class react-remove-scroll offsets when a dialog takes the page's scrollbar away. */}
      <header className="shell-header right-scroll-bar-position">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
            <div style={{ minWidth: 0 }}>
              {/* On a phone a long title ("Transaction Types Report") takes two smaller lines rather than an ellipsis. */}
              <Title
                order={1}
                size="h4"
                fz={{ base: 16, sm: 'h4' }}
                lh={{ base: 1.2, sm: 'h4' }}
                lineClamp={phone ? 2 : 1}
                data-testid="page-title"
              >
                {title}
              </Title>
              {subtitle && !phone && (
                <Text size="sm" c="dimmed" lineClamp={1} title={subtitle}>
                  {subtitle}
                </Text>
              )}
            </div>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <LiveIndicator />
            <SearchEverywhere />
            <ShortcutsDialog />
            <ColorSchemeToggle />
            {/* Profile and Logout: the menu's code comes with the first press (decisions 217 and 222). */}
            <OnDemandMenu
              target={<AccountButton name={name} role={user.role} />}
              choices={[
                { label: 'Profile', icon: <IconUserCircle size={16} />, onClick: () => void navigate({ to: '/profile' }) },
                { label: 'Logout', icon: <IconLogout size={16} />, onClick: logout },
              ]}
            />
          </Group>
        </Group>
      </header>

      <nav className="shell-navbar">
        <Group gap="xs" px="sm" py="xs" mb="sm">
          <ThemeIcon size="lg" radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
            <IconCoins size={20} />
          </ThemeIcon>
          <div>
            <Text fw={800} size="md">
              Coin Ledger
            </Text>
            <Text size="xs" c="dimmed">
              Back office
            </Text>
          </div>
        </Group>
        {/* A scrollbar whenever the links are taller than the window (800 px with the Admin group), not only on
            hover: the browser's own (Mantine's ScrollArea brought Floating UI into the start-up code; decision 217). */}
        <div className="sidebar-scroll" data-testid="sidebar-links">
          {/* A phone builds the links when its menu opens: folded away they are off screen, and building
              them on every screen's first render kept a phone from answering a tap sooner (decision 176). */}
          {(!phone || opened) && <NavLinks isAdmin={user.role === 'admin'} onNavigate={close} />}
        </div>
        <div className="shell-navbar-foot">
          <Button variant="subtle" color="gray" justify="flex-start" leftSection={<IconLogout size={18} />} onClick={logout} fullWidth>
            Logout
          </Button>
        </div>
      </nav>

      <main className="shell-main page-bg" id={MAIN_ID} tabIndex={-1}>
        {subtitle && phone && (
          <Text size="sm" c="dimmed" mb="sm">
            {subtitle}
          </Text>
        )}
        <Outlet />
      </main>
      <TipLayer />
    </div>
  );
}
