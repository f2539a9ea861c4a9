import { Avatar, Box, Group, Text, UnstyledButton, type UnstyledButtonProps, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import type { UserView } from '../lib/api-types';

/** The header's account button: the user's initial, name and role (the account menu's target). */
export function AccountButton({
  name,
  role,
  ...rest
}: { name: string; role: UserView['role'] } & UnstyledButtonProps & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton style={{ minWidth: 0 }} {...rest}>
      <Group gap={6} wrap="nowrap">
        <Avatar color="indigo" radius="xl" aria-hidden visibleFrom="sm">
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box maw={{ base: 104, sm: 180 }} miw={0} style={{ lineHeight: 1.1 }} className="user-block">
          <Text size="sm" fw={600} truncate="end" title={name} data-testid="user-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" tt="capitalize" data-testid="user-role">
            {role}
          </Text>
        </Box>
        <VisuallyHidden>Account menu</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
