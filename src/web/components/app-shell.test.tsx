import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockTrpc } from '../testing/msw';
import { mediaQueryList } from '../testing/media';
import { ADMIN, renderApp } from '../testing/render';

afterEach(() => {
  window.matchMedia = (query: string) => mediaQueryList(query);
});

describe('The sidebar on a phone', () => {
  it('builds its links when the menu opens, not with every screen', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, true);
    mockTrpc({ 'auth.user': () => ADMIN, 'casinos.list': () => [] });
    renderApp('/casinos');
    expect(await screen.findByText('No casinos yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Customers' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Toggle navigation'));
    expect((await screen.findByRole('link', { name: 'Customers' })).getAttribute('href')).toBe('/customers');
    expect(screen.getByRole('link', { name: 'Deleted Transactions' })).toBeTruthy();
  });
});
