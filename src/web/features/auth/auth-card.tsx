import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MAIN_ID, SkipLink } from '../../components/skip-link';

/** The centred card the login and reset screens share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Center component="main" id={MAIN_ID} tabIndex={-1} mih="100vh" p="md" className="auth-bg" style={{ outline: 'none' }}>
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="xs">
            <ThemeIcon size="xl" radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
              <IconCoins size={26} />
            </ThemeIcon>
            <Text fw={800} size="xl">
              Coin Ledger
            </Text>
          </Group>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap={4} mb="lg">
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle && <Text c="dimmed">{subtitle}</Text>}
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Center>
    </>
  );
}
