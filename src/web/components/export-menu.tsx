import { Button, Group } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../lib/notify';
import { OnDemandMenu } from './on-demand-menu';
import { downloadServerExport, type ExportFormat, type ExportParams, type ServerExportFile } from '../lib/server-export';

/** Every matching row, written and streamed by the server (decision 022). */
interface Props {
  server: { file: ServerExportFile; params: ExportParams; /** Matching rows, as the screen counts them. */ count: number | undefined };
  /** The 'No data to export' description (spec 8.2). */
  emptyMessage: string;
  /** "Exported N {noun} to Excel": 'transactions' or '<kind> records'. */
  noun: string;
  disabled?: boolean;
  size?: 'xs' | 'sm';
}

/** The two formats, in the order the screens offer them. */
const FORMATS: { format: ExportFormat; label: 'Excel' | 'CSV'; icon: typeof IconFileTypeCsv }[] = [
  { format: 'xlsx', label: 'Excel', icon: IconFileSpreadsheet },
  { format: 'csv', label: 'CSV', icon: IconFileTypeCsv },
];

/** Runs an export in either format, with the spec's toasts. */
function useExport({ server, emptyMessage, noun }: Props) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    const target = FORMATS.find((f) => f.format === format)?.label;
    try {
      if (!server.count) {
        notifyError('No data to export', emptyMessage);
        return;
      }
      await downloadServerExport(server.file, format, server.params);
      notifySuccess('Export successful', `Exported ${server.count} ${noun} to ${target}`);
    } catch (error) {
      notifyError('Error', error instanceof Error ? error.message : 'Export failed');
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The Export menu of the reports: Excel or CSV. */
export function ExportMenu(props: Props) {
  const { busy, run } = useExport(props);
  const { disabled, size = 'sm' } = props;
  return (
    <OnDemandMenu
      target={
        <Button variant="default" size={size} leftSection={<IconDownload size={16} />} loading={busy} disabled={disabled}>
          Export
        </Button>
      }
      choices={FORMATS.map(({ format, label, icon: Icon }) => ({ label, icon: <Icon size={16} />, onClick: () => void run(format) }))}
    />
  );
}

/** History and the Recent panel (spec 2.7, 2.8): two export buttons, Excel and CSV. */
export function ExportButtons(props: Props) {
  const { busy, run } = useExport(props);
  const { disabled, size = 'sm' } = props;
  return (
    <Group gap="xs" wrap="nowrap">
      {FORMATS.map(({ format, label, icon: Icon }) => (
        <Button
          key={format}
          variant="default"
          size={size}
          leftSection={<Icon size={16} />}
          loading={busy}
          disabled={disabled}
          onClick={() => void run(format)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
