import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSY, calls, mockTrpc, TrpcFailure } from '../../testing/msw';
import { theme } from '../../theme';
import { queryClient } from '../../trpc';
import { CHECK_FAILED_TITLE, LedgerCheckCard } from './ledger-check-card';

const STARTED = '2026-11-26T09:30:00.000Z';
const running = (id: number) => ({ id, state: 'running' as const, startedAt: STARTED, trigger: 'on-demand' as const });
const done = (id: number) => ({
  id,
  state: 'done' as const,
  startedAt: STARTED,
  at: '2026-11-26T09:31:00.000Z',
  trigger: 'on-demand' as const,
  ok: true,
  checkedTransactions: 10_000_000,
  problems: [],
});

function renderCard() {
  queryClient.clear();
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <LedgerCheckCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const card = () => screen.getByTestId('ledger-check').textContent;
const checkNow = () => fireEvent.click(screen.getByRole('button', { name: 'Check now' }));

describe('the ledger check card', () => {
  it('starts a check, shows it running while it is polled, then its result', async () => {
    let polls = 0;
    mockTrpc({
      'audit.lastLedgerCheck': () => null,
      'audit.startLedgerCheck': () => running(7),
      'audit.ledgerCheckRun': () => (++polls < 2 ? running(7) : done(7)),
    });
    renderCard();
    await waitFor(() => expect(card()).toContain('Not run yet: it runs daily, or now with Check now.'));
    checkNow();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Checking every transaction \(started .+\)\.\.\.$/));
    await waitFor(() => expect(card()).toContain('Held · 10,000,000 transactions · run by hand'), { timeout: 5000 });
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls.filter((c) => c.path === 'audit.ledgerCheckRun').map((c) => c.input)).toEqual([{ id: 7 }, { id: 7 }]);
  });

  it('shows a check that could not run with its message, and Retry starts it again', async () => {
    let starts = 0;
    mockTrpc({
      'audit.lastLedgerCheck': () => null,
      'audit.startLedgerCheck': () => running(++starts),
      'audit.ledgerCheckRun': ({ id }) =>
        Number(id) === 1
          ? { id: 1, state: 'failed', startedAt: STARTED, trigger: 'on-demand', message: 'The ledger check could not run; try again' }
          : done(Number(id)),
    });
    renderCard();
    await waitFor(() => expect(card()).toContain('Not run yet'));
    checkNow();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CHECK_FAILED_TITLE);
    expect(alert.textContent).toContain('The ledger check could not run; try again');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card()).toContain('Held · 10,000,000 transactions'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(starts).toBe(2);
  });

  it("shows the server's message when the check cannot even start", async () => {
    mockTrpc({
      'audit.lastLedgerCheck': () => null,
      'audit.startLedgerCheck': () => {
        throw new TrpcFailure(503, BUSY);
      },
    });
    renderCard();
    await waitFor(() => expect(card()).toContain('Not run yet'));
    checkNow();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(BUSY);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
