import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

/** What an Edit dialog's stale-version notice says and offers (decision 151). */
export interface VersionGuard {
  /** The version the form's values were read at: sent with the save. */
  basis: number;
  /** Shown above the form: the server's refusal, or that the record changed while the dialog was open. */
  notice: string | null;
  /** What the person had typed when they took the current values, as "Label: value" lines. */
  typed: string[] | null;
  /** A save was refused with 409 for this version: show the server's message. */
  refused(message: string): void;
  /** The current values replaced the form's: the form is now based on `version`, the typed values kept to read. */
  reloaded(version: number, typed: string[]): void;
}

export const CHANGED_UNDER = 'Someone else changed this record while you were editing it. Reload to see their change before you save.';

/**
 * The version an Edit dialog is based on, and whether the record has moved on: `current` is the
 * version the app now knows (a read the change stream refreshes), so a colleague's save shows as soon as
 * the stream says so; a refused save shows the server's message.
 */
export function useVersionGuard(initial: number, current: number | undefined): VersionGuard {
  const [basis, setBasis] = useState(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [typed, setTyped] = useState<string[] | null>(null);
  const moved = current !== undefined && current > basis;
  return {
    basis,
    notice: refusal ?? (moved ? CHANGED_UNDER : null),
    typed,
    refused: setRefusal,
    reloaded(version, lines) {
      setBasis(version);
      setRefusal(null);
      setTyped(lines);
    },
  };
}

/** The notice itself, with its Reload button, and after a reload what the person had typed. */
export function VersionNotice({ guard, onReload, reloading }: { guard: VersionGuard; onReload: () => void; reloading: boolean }) {
  return (
    <>
      {guard.notice && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} role="alert" title="Changed by someone else">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{guard.notice}</Text>
            <Button size="xs" variant="light" color="yellow" leftSection={<IconRefresh size={14} />} loading={reloading} onClick={onReload}>
              Reload current values
            </Button>
          </Stack>
        </Alert>
      )}
      {guard.typed && !guard.notice && (
        <Alert color="blue" variant="light" title="The current values are loaded. What you had typed:">
          <List size="sm" data-testid="typed-values">
            {guard.typed.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
