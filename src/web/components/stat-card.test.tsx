import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { StatCard } from './stat-card';

const card = (wide: boolean) =>
  render(
    <MantineProvider theme={theme}>
      <StatCard title="Total coins" value="2,488,111.63" icon={null} wide={wide} />
    </MantineProvider>,
  );

describe('StatCard', () => {
  it('shrinks a long amount with the window in a quarter of the panel (a size per breakpoint)', () => {
    card(false);
    const value = screen.getByTestId('stat-Total coins');
    expect(value.textContent).toBe('2,488,111.63');
    expect(value.style.fontSize).toBe('');
  });

  it('keeps a long amount at its full 26 px in a wide card (two to a row)', () => {
    card(true);
    const value = screen.getByTestId('stat-Total coins');
    expect(value.textContent).toBe('2,488,111.63');
    expect(value.style.fontSize).toBe('calc(1.625rem * var(--mantine-scale))');
  });
});
