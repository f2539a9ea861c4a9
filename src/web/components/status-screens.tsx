import { Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconMapOff } from '@tabler/icons-react';
import { RouterButton } from './router-link';
import { MAIN_ID, SkipLink } from './skip-link';

/** Spec 2.2: shown while authentication is verified. */
export function LoadingScreen() {
  return (
    <Center component="main" mih="100vh" className="page-bg">
      <Stack align="center" gap="xs" role="status">
        <Loader size="lg" />
        <Text fw={600}>Loading...</Text>
        <Text size="sm" c="dimmed">
          Verifying authentication
        </Text>
      </Stack>
    </Center>
  );
}

export function NotFoundScreen() {
  return (
    <>
      <SkipLink />
      <Center component="main" id={MAIN_ID} tabIndex={-1} mih="100vh" className="page-bg" p="md" style={{ outline: 'none' }}>
        <Paper withBorder shadow="sm" p="xl" maw={420} w="100%">
          <Stack align="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconMapOff size={30} />
            </ThemeIcon>
            <Title order={1} size="h2">
              404 Page Not Found
            </Title>
            <Text c="dimmed" ta="center">
              The page you are looking for does not exist or has moved.
            </Text>
            <RouterButton to="/" mt="sm">
              Go home
            </RouterButton>
          </Stack>
        </Paper>
      </Center>
    </>
  );
}

/** A notice for a page the user may not see; the caller redirects. */
export function DeniedNotice({ title, message }: { title: string; message: string }) {
  return (
    <Center py={80}>
      <Paper withBorder p="xl" maw={440} w="100%">
        <Stack align="center" gap="sm">
          <ThemeIcon size={52} radius="xl" variant="light" color="red">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {message}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
