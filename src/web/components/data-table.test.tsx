import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { mediaQueryList } from '../testing/media';
import { bringIntoView, stubIntersection, watchedCount } from '../testing/intersection';
import { DataTable, gridColumns } from './data-table';

interface Row {
  id: number;
  name: string;
}
const col = gridColumns<Row>();
const columns = [col.accessor('name', { header: 'Name' })];
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Customer ${i + 1}` }));

const renderGrid = (data: Row[], phone = false) => {
  stubIntersection();
  window.matchMedia = (query: string) => mediaQueryList(query, phone);
  return render(
    <MantineProvider theme={theme}>
      <DataTable label="Customers" columns={columns} data={data} />
    </MantineProvider>,
  );
};
afterEach(() => {
  vi.unstubAllGlobals();
  window.matchMedia = (query: string) => mediaQueryList(query);
});

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Customers' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable on a phone while its rows are read', () => {
  it('shows the loading text over card outlines, not a table with its header row', () => {
    window.matchMedia = (query: string) => mediaQueryList(query, true);
    render(
      <MantineProvider theme={theme}>
        <DataTable label="Customers" columns={columns} data={[]} loading loadingText="Loading customers..." />
      </MantineProvider>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Name')).toBeNull();
    expect(screen.getByText('Loading customers...')).toBeTruthy();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(3);
    expect(screen.getByLabelText('Customers').getAttribute('aria-busy')).toBe('true');
  });
});

describe('DataTable when its rows arrive', () => {
  it('goes from loading to the rows without ever showing the empty state between', () => {
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    const grid = (data: Row[], loading: boolean) => (
      <MantineProvider theme={theme}>
        <DataTable label="Customers" columns={columns} data={data} loading={loading} empty={<span>No customers yet</span>} />
      </MantineProvider>
    );
    // Every node the grid ever adds, even for one commit: the rows are built in the background.
    const added: string[] = [];
    const watch = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => added.push(n.textContent ?? ''))));
    watch.observe(document.body, { childList: true, subtree: true });
    const { rerender } = render(grid([], true));
    rerender(grid(rows(3), false));
    added.push(...watch.takeRecords().flatMap((r) => [...r.addedNodes].map((n) => n.textContent ?? '')));
    watch.disconnect();
    expect(bodyRows().map((r) => r.textContent)).toEqual(['Customer 1', 'Customer 2', 'Customer 3']);
    expect(added.some((text) => text.includes('No customers yet'))).toBe(false);
  });
});

describe("DataTable while its rows are not yet the read's answer", () => {
  const read = (isPlaceholderData: boolean) => ({
    isError: false,
    error: null,
    refetch: () => undefined,
    isPending: false,
    isPlaceholderData,
  });
  const grid = (data: Row[], placeholder: boolean) => (
    <MantineProvider theme={theme}>
      <DataTable label="Customers" columns={columns} data={data} read={read(placeholder)} />
    </MantineProvider>
  );

  it('is busy while the rows before are kept for a new read, and while the new rows are built', () => {
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    const busy = () => screen.getByRole('table', { name: 'Customers' }).getAttribute('aria-busy');
    const { rerender } = render(grid(rows(3), false));
    expect(busy()).toBe('false');
    rerender(grid(rows(3), true));
    expect(bodyRows()).toHaveLength(3);
    expect(busy()).toBe('true');

    rerender(grid(rows(3), false));
    expect(busy()).toBe('false');

    // A new answer straight away: busy for the commits that still show the three rows before.
    const watch = new MutationObserver(() => undefined);
    watch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
    rerender(grid(rows(2), false));
    const changes = watch.takeRecords().map((r) => `${r.oldValue} -> ${(r.target as Element).getAttribute('aria-busy')}`);
    watch.disconnect();
    expect(bodyRows().map((r) => r.textContent)).toEqual(['Customer 1', 'Customer 2']);
    expect(busy()).toBe('false');
    expect(changes.map((c) => c.split(' -> ')[0])).toEqual(['false', 'true']);
  });
});

describe('DataTable builds long lists as they scroll near', () => {
  it('builds a page of 100 rows 25 at a time, a frame apart, without a scroll; of 250 rows the first 100, then 25 more as the end comes near', async () => {
    const { unmount } = renderGrid(rows(100));
    expect(bodyRows()).toHaveLength(25);
    expect(watchedCount()).toBe(0);
    await waitFor(() => expect(bodyRows()).toHaveLength(100));
    expect(bodyRows()[99].textContent).toBe('Customer 100');
    unmount();

    renderGrid(rows(250));
    expect(bodyRows()).toHaveLength(25);
    await waitFor(() => expect(bodyRows()).toHaveLength(100));
    // A page is whole; the rows past it wait for the end to come near.
    await new Promise((r) => setTimeout(r, 100));
    expect(bodyRows()).toHaveLength(100);
    bringIntoView();
    expect(bodyRows()).toHaveLength(125);
    for (let i = 0; i < 6; i++) bringIntoView();
    expect(bodyRows()).toHaveLength(250);
    expect(bodyRows()[249].textContent).toBe('Customer 250');
  });

  it('on a phone builds 12 cards first, then 12 more as the end comes near', () => {
    renderGrid(rows(30), true);
    const cards = () => within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem');
    expect(cards()).toHaveLength(12);
    expect(cards()[0].textContent).toContain('Customer 1');
    bringIntoView();
    expect(cards()).toHaveLength(24);
    bringIntoView();
    expect(cards()).toHaveLength(30);
    expect(cards()[29].textContent).toContain('Customer 30');
  });

  it('on a phone builds a 9-column grid 4 cards at a time (about 32 lines), not 12', () => {
    const nine = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) =>
      col.accessor((r) => `${k}${r.id}`, { id: k, header: k.toUpperCase() }),
    );
    stubIntersection();
    window.matchMedia = (query: string) => mediaQueryList(query, true);
    render(
      <MantineProvider theme={theme}>
        <DataTable label="Customers" columns={[...columns, ...nine]} data={rows(30)} />
      </MantineProvider>,
    );
    const cards = () => within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem');
    expect(cards()).toHaveLength(4);
    expect(cards()[3].textContent).toContain('Customer 4');
    expect(cards()[3].textContent).toContain('h4');
    bringIntoView();
    expect(cards()).toHaveLength(8);
    for (let i = 0; i < 6; i++) bringIntoView();
    expect(cards()).toHaveLength(30);
    expect(cards()[29].textContent).toContain('Customer 30');
  });

  it("on a phone builds its cards in the first render, not the larger screen's rows first", () => {
    const built: string[] = [];
    const counted = [col.accessor('name', { header: 'Name', cell: (i) => (built.push(i.getValue()), i.getValue()) })];
    stubIntersection();
    window.matchMedia = (query: string) => mediaQueryList(query, true);
    render(
      <MantineProvider theme={theme}>
        <DataTable label="Customers" columns={counted} data={rows(45)} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(built).toHaveLength(12);
    expect(built.at(-1)).toBe('Customer 12');
  });
});

describe('DataTable builds each row once', () => {
  const counting = (built: string[]) => [col.accessor('name', { header: 'Name', cell: (i) => (built.push(i.getValue()), i.getValue()) })];
  const grid = (columns: ReturnType<typeof counting>, data: Row[], extra?: string) => (
    <MantineProvider theme={theme}>
      <DataTable label="Customers" columns={columns} data={data} loadingText={extra} />
    </MantineProvider>
  );

  it('does not build its rows again when the screen renders a new list of the same rows', () => {
    stubIntersection();
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    const built: string[] = [];
    const columns = counting(built);
    const same = rows(3);
    const { rerender } = render(grid(columns, same));
    expect(built).toEqual(['Customer 1', 'Customer 2', 'Customer 3']);
    rerender(grid(columns, [...same], 'another render of the screen'));
    expect(built).toHaveLength(3);
    // A changed row is built again, alone.
    rerender(grid(columns, [same[0], { id: 2, name: 'Customer 2 renamed' }, same[2]]));
    expect(built).toEqual(['Customer 1', 'Customer 2', 'Customer 3', 'Customer 2 renamed']);
    expect(bodyRows().map((r) => r.textContent)).toEqual(['Customer 1', 'Customer 2 renamed', 'Customer 3']);
  });

  it('builds only the new rows as a long list grows', async () => {
    const built: string[] = [];
    stubIntersection();
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    render(grid(counting(built), rows(250)));
    expect(built).toHaveLength(25);
    await waitFor(() => expect(bodyRows()).toHaveLength(100));
    expect(built).toHaveLength(100);
    bringIntoView();
    expect(bodyRows()).toHaveLength(125);
    expect(built).toHaveLength(125);
    expect(built.at(-1)).toBe('Customer 125');
  });

  it('builds every row again with new columns', () => {
    stubIntersection();
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    const built: string[] = [];
    const same = rows(2);
    const { rerender } = render(grid(counting(built), same));
    rerender(grid(counting(built), same));
    expect(built).toEqual(['Customer 1', 'Customer 2', 'Customer 1', 'Customer 2']);
  });
});
