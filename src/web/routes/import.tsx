import { Alert, Button, Checkbox, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileImport, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportField, ImportKind } from '../../shared/import-fields';
import type { ImportResult } from '../../shared/schemas/import';
import { downloadFailedRows, sendImport } from '../features/import/import-api';
import { ImportSummary } from '../features/import/import-summary';
import { MappingTable } from '../features/import/mapping-table';
import { notifyError, notifySuccess } from '../lib/notify';
import { refresh } from '../lib/refresh';
import { Segmented } from '../components/segmented';

type Step =
  | { state: 'idle' }
  | { state: 'running'; dryRun: boolean; progress: number }
  | { state: 'failed'; message: string; retry: () => void }
  | { state: 'done'; result: ImportResult & { message?: string } };

/** /import (decision 051): choose or drop a file, check the columns and a dry run, then import. */
export function ImportPage() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ImportKind>('transactions');
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [mapping, setMapping] = useState<Partial<Record<ImportField, string>>>({});
  const [step, setStep] = useState<Step>({ state: 'idle' });

  const run = async (
    dryRun: boolean,
    next: { file?: File | null; mapping?: typeof mapping; createMissing?: boolean; skipInvalid?: boolean; kind?: ImportKind } = {},
  ) => {
    const chosen = next.file === undefined ? file : next.file;
    if (!chosen) return;
    const request = {
      kind: next.kind ?? kind,
      file: chosen,
      dryRun,
      createMissing: next.createMissing ?? createMissing,
      skipInvalid: next.skipInvalid ?? skipInvalid,
      mapping: next.mapping ?? mapping,
    };
    setStep({ state: 'running', dryRun, progress: 0 });
    try {
      const result = await sendImport(request, (progress) => setStep({ state: 'running', dryRun, progress }));
      setStep({ state: 'done', result });
      if (result.committed) {
        notifySuccess('Imported', `${result.valid} ${request.kind === 'customers' ? 'customers' : 'transactions'} imported`);
        await refresh(queryClient, 'import.committed');
      }
    } catch (error) {
      setStep({ state: 'failed', message: error instanceof Error ? error.message : String(error), retry: () => void run(dryRun, next) });
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setMapping({});
    if (chosen) void run(true, { file: chosen, mapping: {} });
    else setStep({ state: 'idle' });
  };
  const remap = (field: ImportField, header: string | null) => {
    const next = { ...mapping };
    if (header) next[field] = header;
    else delete next[field];
    setMapping(next);
    void run(true, { mapping: next });
  };
  const download = (importId: string) =>
    downloadFailedRows(importId).catch((error: unknown) =>
      notifyError('Error', error instanceof Error ? error.message : 'Download failed'),
    );
  const result = step.state === 'done' ? step.result : null;

  return (
    <Stack>
      <Paper
        withBorder
        p="lg"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const dropped = e.dataTransfer.files[0];
          if (dropped) choose(dropped);
        }}
      >
        <Stack>
          <Group>
            <Segmented
              aria-label="What the file holds"
              value={kind}
              onChange={(next) => {
                setKind(next);
                setMapping({});
                if (file) void run(true, { kind: next, mapping: {} });
              }}
              data={[
                { value: 'transactions', label: 'Transactions' },
                { value: 'customers', label: 'Customers' },
              ]}
            />
          </Group>
          <FileInput
            label="File"
            description="CSV or Excel (.xlsx, first sheet); or drop it here"
            placeholder="Choose a file"
            accept=".csv,.xlsx,text/csv"
            value={file}
            onChange={choose}
            leftSection={<IconUpload size={16} />}
            clearable
          />
          <Group>
            {kind === 'transactions' && (
              <Checkbox
                label="Create missing customers, casinos, types and links"
                checked={createMissing}
                onChange={(e) => {
                  setCreateMissing(e.currentTarget.checked);
                  void run(true, { createMissing: e.currentTarget.checked });
                }}
              />
            )}
            <Checkbox
              label="Skip invalid rows (import the valid ones)"
              checked={skipInvalid}
              onChange={(e) => setSkipInvalid(e.currentTarget.checked)}
            />
          </Group>
        </Stack>
      </Paper>

      {step.state === 'running' && (
        <Stack gap={4}>
          <Text size="sm">{step.dryRun ? 'Checking the file…' : step.progress < 1 ? 'Uploading…' : 'Importing…'}</Text>
          <Progress
            value={step.progress < 1 ? step.progress * 100 : 100}
            animated={step.progress >= 1}
            striped
            aria-label="Import progress"
          />
        </Stack>
      )}
      {step.state === 'failed' && (
        <Alert color="red" variant="light" title="The import failed" icon={<IconAlertTriangle />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{step.message}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={step.retry}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      {result && (
        <Paper withBorder p="lg">
          <Stack>
            <Text fw={700}>{result.dryRun ? 'Dry run' : result.committed ? 'Import done' : 'Nothing was imported'}</Text>
            {result.message && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
                {result.message}
              </Alert>
            )}
            {result.headers.length > 0 && <MappingTable kind={kind} result={result} onChange={remap} />}
            <ImportSummary result={result} onDownload={() => void download(result.importId)} />
            {result.dryRun && (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconFileImport size={16} />}
                  onClick={() => void run(false)}
                  disabled={result.valid === 0 || (result.invalid > 0 && !skipInvalid)}
                >
                  Import
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
