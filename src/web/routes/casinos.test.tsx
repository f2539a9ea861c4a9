import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { casino } from '../testing/fixtures';
import { calls, mockTrpc, TrpcFailure } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';
import { tableRows } from '../testing/table';

const CASINOS = [
  casino(10, 'Lucky', { website: 'https://lucky.example.com', scRatio: 1000 }),
  casino(11, 'Chumba', { scRatio: 12500, isActive: false }),
];
const cells = () => tableRows('Casinos').map((r) => r.slice(0, 4));

describe('Casinos screen (spec 2.11)', () => {
  it('lists each casino with website, SC per $1 and status, counts, searches and sorts', async () => {
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => CASINOS });
    renderApp('/casinos');
    await screen.findByText('lucky.example.com');
    expect(cells()).toEqual([
      ['Lucky', 'lucky.example.com', '1,000', 'Active'],
      ['Chumba', '—', '12,500', 'Inactive'],
    ]);
    expect(screen.getByRole('link', { name: 'lucky.example.com' }).getAttribute('href')).toBe('https://lucky.example.com');
    expect(screen.getByTestId('list-count').textContent).toBe('2 casinos');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(cells().map((r) => r[0])).toEqual(['Chumba', 'Lucky']);
    fireEvent.change(screen.getByPlaceholderText('Search casinos by name or website...'), { target: { value: 'lucky.ex' } });
    expect(cells().map((r) => r[0])).toEqual(['Lucky']);
    expect(screen.getByTestId('list-count').textContent).toBe('1 of 2 casinos');
  });

  it('activates after asking, with the spec toast, and reads the list again', async () => {
    let list = CASINOS;
    mockTrpc({
      'auth.user': () => ADMIN,
      'casinos.list': () => list,
      'casinos.update': (input) => {
        list = list.map((c) => (c.id === input.id ? { ...c, isActive: Boolean(input.isActive) } : c));
        return list.find((c) => c.id === input.id)!;
      },
    });
    renderApp('/casinos');
    fireEvent.click(await screen.findByRole('switch', { name: 'Activate Chumba' }));
    expect(await screen.findByText('Are you sure you want to activate Chumba?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Casino status updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === 'casinos.update')?.input).toEqual({ id: 11, isActive: true });
    await waitFor(() => expect(cells()[1]).toEqual(['Chumba', '—', '12,500', 'Active']));
  });

  it("a failed status change shows the server's message and leaves the row as it was", async () => {
    mockTrpc({
      'auth.user': () => ADMIN,
      'casinos.list': () => CASINOS,
      'casinos.update': () => {
        throw new TrpcFailure(409, 'Casino was changed by someone else');
      },
    });
    renderApp('/casinos');
    fireEvent.click(await screen.findByRole('switch', { name: 'Deactivate Lucky' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Failed to update casino status. Casino was changed by someone else')).toBeTruthy();
    expect(cells()[0]).toEqual(['Lucky', 'lucky.example.com', '1,000', 'Active']);
  });

  it("shows the server's message and Retry when the list fails; Retry loads it", async () => {
    let failing = true;
    mockTrpc({
      'auth.user': () => ADMIN,
      'casinos.list': () => {
        if (failing) throw new TrpcFailure(503, 'Database is busy, try again');
        return CASINOS;
      },
    });
    renderApp('/casinos');
    expect(await screen.findByText('Database is busy, try again')).toBeTruthy();
    expect(screen.queryByText('No casinos yet')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('lucky.example.com')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('2 casinos');
  });
});
