import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Panel } from '../../components/panel';
import { fieldErrorsOf, fieldIssuesOf, messageOf } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { checksOnUse, useCheckedSave } from '../../lib/checks-on-use';
import { trpc } from '../../trpc';
import { PasswordChecklist } from '../auth';

// The form's check comes with its first use, not with the screen (decision 257).
const checks = checksOnUse(() => import('../../../shared/schemas/account').then((m) => m.changePasswordInput));
const EMPTY = { currentPassword: '', newPassword: '' };

/** Changes the caller's password: the current one is required; every other session ends. */
export function PasswordPanel() {
  const change = useMutation(trpc.auth.account.changePassword.mutationOptions());
  const checked = useCheckedSave(checks);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A press while the check is on its way is not a second save.
    if (change.isPending || (!checks.ready() && !(await checked()))) return;
    const problems = checks.validate(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const { message } = await change.mutateAsync(values);
      notifySuccess(undefined, `${message}. Your other sessions have ended.`);
      setValues(EMPTY);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (issues.length) setErrors(fieldErrorsOf(issues));
      else notifyError('Error', messageOf(error, 'The password could not be changed'));
    }
  };
  const field = (key: keyof typeof EMPTY) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
      setErrors(({ [key]: _cleared, ...rest }) => rest);
    },
  });

  return (
    <Panel>
      <form
        onSubmit={(e) => void submit(e)}
        onFocusCapture={() => void checks.load()}
        onPointerDownCapture={() => void checks.load()}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it signs you out on every other device.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput label="Current password" autoComplete="current-password" {...field('currentPassword')} />
            <PasswordInput label="New password" autoComplete="new-password" {...field('newPassword')} />
          </SimpleGrid>
          {values.newPassword && <PasswordChecklist password={values.newPassword} />}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}
