import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconClockHour4, IconPencil } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { LoadError } from '../components/load-error';
import { Panel } from '../components/panel';
import { PendingRedemptions } from '../features/redemptions';
import { NotesPanel } from '../features/notes/notes-panel';
import { StatCard } from '../components/stat-card';
import { NotFoundScreen } from '../components/status-screens';
import { StatusToggle } from '../components/status-toggle';
import { CasinoDialog } from '../features/casinos/casino-dialog';
import { casinoLinkColumns, LinksTable, RatioFact, RecordHeader, SummaryCards, WebsiteLink } from '../features/summaries';
import { failureOf } from '../lib/errors';
import { formatCount } from '../lib/format';
import { notifySuccess } from '../lib/notify';
import { pathId } from '../lib/search-params';
import { trpc } from '../trpc';

const route = getRouteApi('/signed-in/casinos/$casinoId');

/** One casino whole: its customers and totals, types, payout times, pending redemptions and today's check-ins. */
export function CasinoPage() {
  const id = pathId(route.useParams().casinoId);
  return id ? <Casino key={id} id={id} /> : <NotFoundScreen />;
}

const days = (d: number | null) => (d === null ? '—' : `${d.toLocaleString('en-US')} ${d === 1 ? 'day' : 'days'}`);

function Casino({ id }: { id: number }) {
  const summary = useQuery(trpc.summaries.casino.queryOptions({ id }));
  const types = useQuery(trpc.transactionTypes.list.queryOptions({ casinoId: id }));
  const payouts = useQuery(trpc.redemptions.report.queryOptions({ casinoId: id }));
  const board = useQuery(trpc.checkIns.board.queryOptions({ casinoId: id, limit: 1 }));
  const update = useMutation(trpc.casinos.update.mutationOptions());
  const [editing, setEditing] = useState(false);
  const columns = useMemo(() => casinoLinkColumns(), []);
  const failure = failureOf(summary);
  const data = summary.data;
  if (failure && !data) return <LoadError failure={failure} />;
  const casino = data?.casino;
  const payout = payouts.data?.rows[0];

  return (
    <Stack gap="md">
      {casino ? (
        <RecordHeader
          name={casino.name}
          isActive={casino.isActive}
          createdAt={casino.createdAt}
          facts={[casino.website ? <WebsiteLink url={casino.website} /> : 'No website', <RatioFact ratio={casino.scRatio} />]}
          actions={
            <>
              <StatusToggle
                name={casino.name}
                isActive={casino.isActive}
                onConfirm={async () => {
                  await update.mutateAsync({ id, isActive: !casino.isActive });
                  notifySuccess(undefined, 'Casino status updated successfully');
                }}
              />
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </>
          }
        />
      ) : (
        <Panel>
          <Text c="dimmed">Loading the casino...</Text>
        </Panel>
      )}
      <SummaryCards totals={data?.totals} read={summary} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <StatCard
          title="Check-ins today"
          value={board.data ? `${formatCount(board.data.done)} of ${formatCount(board.data.total)}` : '—'}
          hint={
            board.data && board.data.total > 0
              ? `${Math.round((board.data.done / board.data.total) * 100)}% of active accounts`
              : 'Active accounts on the board'
          }
          icon={<IconCalendarCheck />}
          read={board}
        />
        <StatCard
          title="Time to pay"
          value={payout ? days(payout.medianDays) : '—'}
          hint={
            payout
              ? `Median of ${formatCount(payout.receivedCount)} received; 90% within ${days(payout.p90Days)}; ${formatCount(payout.rejectedCount)} rejected`
              : 'No redemptions in the last 180 days'
          }
          icon={<IconClockHour4 />}
          read={payouts}
        />
      </SimpleGrid>
      <Panel>
        <Title order={3} size="h4" mb="sm">
          Transaction types
        </Title>
        {types.isError ? (
          <LoadError failure={failureOf(types)!} compact />
        ) : (
          <Group gap="xs">
            {(types.data ?? []).map((t) => (
              <Badge key={t.id} variant="light" color="gray">
                {t.name}
              </Badge>
            ))}
            {types.data?.length === 0 && <Text c="dimmed">No types yet: add them on Transaction Types.</Text>}
          </Group>
        )}
      </Panel>
      <LinksTable
        title="Customers"
        rows={data?.links ?? []}
        name={(r) => r.customerName}
        columns={columns}
        totals={data?.totals}
        read={summary}
        empty={{ title: 'No customers yet', description: 'Link a customer to this casino on the Customers screen (Casinos).' }}
      />
      <Panel>
        <Title order={3} size="h4" mb="sm">
          Notes
        </Title>
        <NotesPanel owner={{ casinoId: id }} />
      </Panel>
      <PendingRedemptions of={{ casinoId: id }} />
      {casino && <CasinoDialog opened={editing} casino={casino} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
