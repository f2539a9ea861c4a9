import { Alert, Badge, Button, Code, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { API_TOKEN_MAX_DAYS } from '../../../shared/limits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Panel } from '../../components/panel';
import { failureOf, fieldErrorsOf, fieldIssuesOf, messageOf } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { checksOnUse, useCheckedSave } from '../../lib/checks-on-use';
import { trpc } from '../../trpc';
import type { ApiTokenRowView } from '../../lib/api-types';
import { Select } from '../../components/select';

// The form's check comes with its first use, not with the screen (decision 257).
const checks = checksOnUse(() => import('../../../shared/schemas/account').then((m) => m.createApiTokenInput));
const SCOPES = [
  { value: 'read', label: 'Read only' },
  { value: 'write', label: 'Read and write' },
];

/** Personal API tokens for scripts (decision 104): create one (shown once), list, revoke. */
export function ApiTokensPanel() {
  const tokens = useQuery(trpc.auth.account.apiTokens.queryOptions());
  const create = useMutation(trpc.auth.account.createApiToken.mutationOptions());
  const checked = useCheckedSave(checks);
  const revoke = useMutation(trpc.auth.account.revokeApiToken.mutationOptions());
  const [values, setValues] = useState<{ name: string; scope: 'read' | 'write'; expiresInDays: number | string }>({
    name: '',
    scope: 'read',
    expiresInDays: 90,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRowView | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, expiresInDays: typeof values.expiresInDays === 'number' ? values.expiresInDays : Number.NaN };
    // A press while the check is on its way is not a second save.
    if (create.isPending || (!checks.ready() && !(await checked()))) return;
    const problems = checks.validate(input);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const answer = await create.mutateAsync(input);
      setCreated(answer.token);
      setValues({ name: '', scope: 'read', expiresInDays: 90 });
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (issues.length) setErrors(fieldErrorsOf(issues));
      else notifyError('Error', messageOf(error, 'The token could not be created'));
    }
  };
  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      notifySuccess(undefined, `Token "${revoking.name}" revoked`);
    } catch (error) {
      notifyError('Error', messageOf(error, 'The token could not be revoked'));
    }
    setRevoking(null);
  };

  const failure = failureOf(tokens);
  const now = Date.now();
  return (
    <Panel>
      <Stack gap="sm">
        <Title order={2} size="h4">
          API tokens
        </Title>
        <Text size="sm" c="dimmed">
          A script sends a token as <Code>Authorization: Bearer …</Code> and acts as you. A read-only token cannot change anything.
        </Text>
        {created && (
          <Alert color="teal" title="Copy your new token now" withCloseButton onClose={() => setCreated(null)} closeButtonLabel="Dismiss">
            <Stack gap={4}>
              <Text size="sm">It is shown only this once.</Text>
              <Code block data-testid="new-api-token">
                {created}
              </Code>
            </Stack>
          </Alert>
        )}
        <form
          onSubmit={(e) => void submit(e)}
          onFocusCapture={() => void checks.load()}
          onPointerDownCapture={() => void checks.load()}
          noValidate
        >
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
            <TextInput
              label="Name"
              value={values.name}
              error={errors.name}
              onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            />
            <Select
              label="Access"
              data={SCOPES}
              value={values.scope}
              allowDeselect={false}
              error={errors.scope}
              onChange={(v) => setValues({ ...values, scope: v === 'write' ? 'write' : 'read' })}
            />
            <NumberInput
              label="Expires in (days)"
              min={1}
              max={API_TOKEN_MAX_DAYS}
              allowDecimal={false}
              value={values.expiresInDays}
              error={errors.expiresInDays}
              onChange={(v) => setValues({ ...values, expiresInDays: v })}
            />
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </SimpleGrid>
        </form>
        {failure ? (
          <LoadError failure={failure} compact />
        ) : !tokens.data ? (
          <Text c="dimmed">Loading tokens…</Text>
        ) : tokens.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No API tokens yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="API tokens" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Token</Table.Th>
                  <Table.Th>Access</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{t.name}</Table.Td>
                    <Table.Td>
                      <Code>{t.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>{t.scope === 'write' ? 'Read and write' : 'Read only'}</Table.Td>
                    <Table.Td>
                      {Date.parse(t.expiresAt) <= now ? (
                        <Badge color="red" variant="light">
                          Expired
                        </Badge>
                      ) : (
                        formatDate(t.expiresAt)
                      )}
                    </Table.Td>
                    <Table.Td>{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'}</Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(t)}>
                        Revoke
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this token?"
        message={`Scripts using "${revoking?.name ?? ''}" (${revoking?.prefix ?? ''}…) will be refused from their next request.`}
        confirmLabel="Revoke token"
        danger
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Panel>
  );
}
