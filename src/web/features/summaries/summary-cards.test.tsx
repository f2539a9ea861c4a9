import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme';
import { SummaryCards } from './summary-cards';

const totals = {
  unplayedCoins: '2488111.63',
  playedCoins: '0.00',
  totalCoins: '2488111.63',
  usdValue: '2488.11',
  inTransitUsd: '306.54',
  purchasesUsd: '-3601.00',
  redemptionsUsd: '843.96',
  netUsd: '-2757.04',
};

describe('SummaryCards', () => {
  it('shows every total to the cent, each long amount at the full size (two cards to a row, none shrunk)', () => {
    render(
      <MantineProvider theme={theme}>
        <SummaryCards totals={totals} read={{ isPending: false, isError: false }} />
      </MantineProvider>,
    );
    const stat = (title: string) => screen.getByTestId(`stat-${title}`);
    expect(stat('Total coins').textContent).toBe('2,488,111.63');
    expect(stat('USD value').textContent).toBe('$2,488.11');
    expect(stat('In transit').textContent).toBe('$306.54');
    expect(stat('Net USD').textContent).toBe('-$2,757.04');
    expect(screen.getByText('-$3,601.00 purchases, +$843.96 redemptions')).toBeTruthy();
    for (const title of ['Total coins', 'Net USD']) expect(stat(title).style.fontSize).toBe('calc(1.625rem * var(--mantine-scale))');
  });
});
