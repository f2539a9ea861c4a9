import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { localDay, previousDay } from '../../../shared/dates';
import { DateField } from '../../components/date-field';
import { downloadStatement, type StatementChoice } from '../../lib/server-export';
import { notifySuccess } from '../../lib/notify';
import { Select } from '../../components/select';
import { Segmented } from '../../components/segmented';

const FORMATS = [
  { value: 'pdf', label: 'PDF' },
  { value: 'xlsx', label: 'Excel' },
  { value: 'csv', label: 'CSV' },
];
const isFormat = (v: string): v is StatementChoice['format'] => v === 'pdf' || v === 'xlsx' || v === 'csv';

/** The first and last day of last month (the statement most often asked for). */
function lastMonth(): { startDate: string; endDate: string } {
  const today = localDay(new Date());
  const endDate = previousDay(`${today.slice(0, 7)}-01`);
  return { startDate: `${endDate.slice(0, 7)}-01`, endDate };
}

export interface StatementDialogProps {
  opened: boolean;
  onClose: () => void;
  customer: { id: number; name: string };
  casinos: { casinoId: number; casinoName: string }[];
}

/** The Statement button's choices: the days, one casino or all, and the format; the file downloads from the server. */
export function StatementDialogBody({ opened, onClose, customer, casinos }: StatementDialogProps) {
  const [range, setRange] = useState(lastMonth);
  const [casinoId, setCasinoId] = useState<string>('all');
  const [format, setFormat] = useState<StatementChoice['format']>('pdf');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const backwards = range.startDate > range.endDate;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadStatement(customer.id, { ...range, casinoId: casinoId === 'all' ? undefined : Number(casinoId), format });
      notifySuccess('Statement', `The statement for ${customer.name} is downloading`);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The statement could not be made');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Statement for ${customer.name}`} centered>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <DateField label="Start Date" value={range.startDate} required onChange={(d) => d && setRange((r) => ({ ...r, startDate: d }))} />
          <DateField
            label="End Date"
            value={range.endDate}
            required
            error={backwards ? 'End date is before start date' : undefined}
            onChange={(d) => d && setRange((r) => ({ ...r, endDate: d }))}
          />
        </Group>
        <Select
          label="Casino"
          data={[{ value: 'all', label: 'All casinos' }, ...casinos.map((c) => ({ value: String(c.casinoId), label: c.casinoName }))]}
          value={casinoId}
          onChange={(v) => setCasinoId(v ?? 'all')}
          allowDeselect={false}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="statement-format">
            Format
          </Text>
          <Segmented aria-labelledby="statement-format" data={FORMATS} value={format} onChange={(v) => isFormat(v) && setFormat(v)} />
        </Stack>
        <Text size="xs" c="dimmed">
          Days are the office&apos;s; the opening balance is at the start of the first day, the closing at the end of the last.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button leftSection={<IconDownload size={16} />} loading={busy} disabled={backwards} onClick={() => void download()}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
