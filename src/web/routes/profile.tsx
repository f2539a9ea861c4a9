import { Stack } from '@mantine/core';
import { ApiTokensPanel, PasswordPanel, SessionsPanel, TwoFactorPanel } from '../features/account';

/** The signed-in user's own account (decisions 101, 102 and 104), opened from the header's user menu. */
export function ProfilePage() {
  return (
    <Stack gap="md">
      <SessionsPanel />
      <TwoFactorPanel />
      <PasswordPanel />
      <ApiTokensPanel />
    </Stack>
  );
}
