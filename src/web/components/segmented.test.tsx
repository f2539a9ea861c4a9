import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Segmented } from './segmented';

const KINDS = [
  { value: 'transactions', label: 'Transactions' },
  { value: 'customers', label: 'Customers' },
] as const;

describe('Segmented', () => {
  it('is a named group of radio buttons, the chosen one checked', () => {
    render(<Segmented aria-label="Import" data={KINDS} value="customers" onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Import' });
    const radios = screen.getAllByRole('radio');
    expect(group.contains(radios[0])).toBe(true);
    expect(radios.map((r) => [r.closest('label')?.textContent, (r as HTMLInputElement).checked])).toEqual([
      ['Transactions', false],
      ['Customers', true],
    ]);
    // One name for the group, so the arrow keys move within it and not into another bar on the screen.
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1);
  });

  it('says which word was chosen, and the value stays the caller’s until it changes it', () => {
    const onChange = vi.fn();
    render(<Segmented aria-label="Import" data={KINDS} value="transactions" onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Customers' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('customers');
    expect((screen.getByRole('radio', { name: 'Transactions' }) as HTMLInputElement).checked).toBe(true);
  });

  it('two bars on one screen are two groups', () => {
    render(
      <>
        <Segmented aria-label="A" data={KINDS} value="transactions" onChange={() => undefined} />
        <Segmented aria-label="B" data={KINDS} value="transactions" onChange={() => undefined} />
      </>,
    );
    const names = screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).name);
    expect(names[0]).toBe(names[1]);
    expect(names[2]).not.toBe(names[0]);
  });
});
