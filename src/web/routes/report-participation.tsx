import { Anchor, Badge, Box, Center, Group, List, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconListCheck, IconUserSearch, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { participationRate } from '../../shared/ledger';
import { REPORT_PAGE_SIZE } from '../../shared/limits';
import { EmptyState } from '../components/data-table';
import { ExportMenu } from '../components/export-menu';
import { sortParam } from '../lib/search-params';
import { PARTICIPATION_SORTS } from '../../shared/sorting';
import { LoadError } from '../components/load-error';
import { Pager } from '../components/pager';
import { StatCard } from '../components/stat-card';
import { CreateMissingLinks } from '../features/reports/create-missing-links';
import { failureOf } from '../lib/errors';
import { usePage } from '../lib/use-page';
import { customerOptions, useCustomers } from '../lib/master-data';
import { trpc } from '../trpc';
import { Panel } from '../components/panel';
import { CustomerLink } from '../components/record-links';
import { Select } from '../components/select';
import { participationInputs } from '../features/reports/participation-search';

const route = getRouteApi('/signed-in/reports/participation');

/** Spec 2.16. The master customer lives in the URL. */
export function ParticipationReportPage() {
  const { masterUserId, sort } = route.useSearch();
  const navigate = route.useNavigate();
  const customers = useCustomers();
  // Sorted on the server over every compared customer (decision 044), the sort kept in the URL; 100 a page.
  const [page, setPage] = usePage(`${masterUserId} ${sort ?? ''}`);
  const enabled = masterUserId !== undefined;
  const inputs = participationInputs({ masterUserId, sort }, page);
  const query = useQuery({
    ...trpc.reports.participation.queryOptions(inputs.list),
    enabled,
    placeholderData: keepPreviousData,
  });
  const summary = useQuery({ ...trpc.reports.participationSummary.queryOptions(inputs.summary), enabled });
  const rows = query.data ?? [];
  const analyzed = summary.data?.customersAnalyzed ?? 0;
  const needing = summary.data?.needRegistration ?? 0;
  const totalMissing = summary.data?.totalMissing ?? 0;
  const reportFailure = failureOf(query, summary);
  const customersFailure = failureOf(customers);

  return (
    <Stack gap="md">
      <Panel>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label="Master User (Reference for all casinos)"
            description="This user should have accounts at all available casinos"
            placeholder="Choose a customer"
            searchable
            data={customerOptions(customers.data)}
            value={masterUserId ? String(masterUserId) : null}
            onChange={(v) => void navigate({ search: (prev) => (v ? { ...prev, masterUserId: Number(v) } : {}) })}
            w={{ base: '100%', sm: 380 }}
            error={customersFailure ? 'The customers could not be loaded' : undefined}
          />
          <Select
            label="Sort by"
            data={[
              { value: 'customer', label: 'Customer (A-Z)' },
              { value: '-customer', label: 'Customer (Z-A)' },
              { value: '-missing', label: 'Most missing' },
              { value: 'missing', label: 'Fewest missing' },
            ]}
            value={sort ?? 'customer'}
            allowDeselect={false}
            onChange={(v) =>
              void navigate({
                search: (prev) => ({ ...prev, sort: sortParam(PARTICIPATION_SORTS)(v === 'customer' ? undefined : v) }),
                replace: true,
              })
            }
            w={{ base: '100%', sm: 180 }}
          />
          <ExportMenu
            server={{ file: 'participation', params: { masterUserId, sort }, count: analyzed }}
            disabled={analyzed === 0}
            emptyMessage="There are no participation data to export"
            noun="participation records"
          />
        </Group>
        {customersFailure && (
          <Box mt="md">
            <LoadError failure={customersFailure} />
          </Box>
        )}
      </Panel>

      {masterUserId === undefined ? (
        <Paper withBorder p="xl">
          <Center>
            <Stack align="center" gap="xs">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconUserSearch size={26} />
              </ThemeIcon>
              <Text fw={600}>Select Master User</Text>
              <Text size="sm" c="dimmed">
                Choose the customer whose casinos everyone else is compared with.
              </Text>
            </Stack>
          </Center>
        </Paper>
      ) : reportFailure ? (
        <Paper withBorder>
          <LoadError failure={reportFailure} compact />
        </Paper>
      ) : query.isPending || summary.isPending ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Generating report...
            </Text>
          </Stack>
        </Center>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatCard title="Customers Analyzed" value={analyzed} icon={<IconUsers />} />
            <StatCard title="Need Registration" value={needing} icon={<IconAlertTriangle />} color={needing ? 'orange' : undefined} />
            <StatCard title="Total Missing" value={totalMissing} icon={<IconListCheck />} />
          </SimpleGrid>
          {masterUserId !== undefined && needing > 0 && (
            <Group justify="flex-end">
              <CreateMissingLinks masterUserId={masterUserId} missing={totalMissing} />
            </Group>
          )}
          {rows.length === 0 ? (
            <Paper withBorder>
              <EmptyState title="No participation data found" />
            </Paper>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {rows.map((r) => (
                <Paper key={r.customerId} withBorder p="md" data-testid="participation-card">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <CustomerLink id={r.customerId} name={r.customerName} fw={700} size="md" />
                      <Text size="sm" c="dimmed">
                        {r.customer.email ?? 'No email'}
                      </Text>
                    </div>
                    {r.missingCasinos.length ? (
                      <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
                        {r.missingCasinos.length} missing
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light">
                        ✓ All registered
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" mt={6}>
                    Participation {participationRate(r.totalCasinos, r.missingCasinos.length)} of {r.totalCasinos} casinos
                  </Text>
                  {r.missingCasinos.length ? (
                    <>
                      <List size="sm" mt="sm" spacing={4}>
                        {r.missingCasinos.map((c) => (
                          <List.Item key={c.name}>
                            <Group gap="xs">
                              <Text size="sm">{c.name}</Text>
                              {c.website && (
                                <Anchor href={c.website} target="_blank" rel="noreferrer" size="xs">
                                  <Group gap={2}>
                                    Visit <IconExternalLink size={12} />
                                  </Group>
                                </Anchor>
                              )}
                            </Group>
                          </List.Item>
                        ))}
                      </List>
                      <Group justify="flex-end" mt="sm">
                        <CreateMissingLinks
                          masterUserId={masterUserId ?? 0}
                          customer={{ id: r.customerId, name: r.customerName }}
                          missing={r.missingCasinos.length}
                        />
                      </Group>
                    </>
                  ) : (
                    <Text size="sm" mt="sm" c="teal">
                      This customer is registered at all casinos that the master user uses.
                    </Text>
                  )}
                </Paper>
              ))}
            </SimpleGrid>
          )}
          {analyzed > REPORT_PAGE_SIZE && (
            <Pager page={page} pageSize={REPORT_PAGE_SIZE} total={analyzed} onPage={setPage} noun="customers" full />
          )}
        </>
      )}
    </Stack>
  );
}
