import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { Select } from './select';

const field = () => screen.getByLabelText<HTMLInputElement>('Casino', { selector: 'input' });
const options = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);

describe('Select (decision 219)', () => {
  it('builds no list before the field is focused, and the whole list on focus', () => {
    render(
      <MantineProvider theme={theme}>
        <Select label="Casino" data={['Chumba', 'Pulsz', 'Stake.us']} />
      </MantineProvider>,
    );
    expect(document.querySelectorAll('[role="listbox"]')).toHaveLength(0);
    fireEvent.focus(field());
    expect(options()).toEqual(['Chumba', 'Pulsz', 'Stake.us']);
  });

  it('a searchable field, opened by its focus, names its list to the field and picks from it', async () => {
    render(
      <MantineProvider theme={theme}>
        <Select label="Casino" searchable data={['Chumba', 'Pulsz']} />
      </MantineProvider>,
    );
    fireEvent.focus(field());
    await waitFor(() => expect(document.getElementById(field().getAttribute('aria-controls') ?? '')?.getAttribute('role')).toBe('listbox'));
    fireEvent.click([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Pulsz')!);
    await waitFor(() => expect(field().value).toBe('Pulsz'));
  });
});

describe('Select before its code is in (decision 225)', () => {
  it('shows the choice in a read-only field with no list, and a click swaps in the real field, focused, its list open', async () => {
    vi.resetModules();
    const fresh = await import('./select');
    const { MantineProvider: Provider } = await import('@mantine/core');
    render(
      <Provider theme={theme}>
        <fresh.Select
          label="Casino"
          data={[
            { value: '1', label: 'Chumba' },
            { group: 'Others', items: [{ value: '2', label: 'Pulsz' }] },
          ]}
          value="2"
          onChange={() => {}}
        />
      </Provider>,
    );
    expect(field().value).toBe('Pulsz');
    expect(field().readOnly).toBe(true);
    expect(field().getAttribute('aria-haspopup')).toBe('listbox');
    expect(document.querySelectorAll('[role="listbox"]')).toHaveLength(0);
    const standIn = field();
    fireEvent.click(standIn);
    await waitFor(() => expect(options()).toEqual(['Chumba', 'Pulsz']));
    expect(field()).not.toBe(standIn);
    expect(document.activeElement).toBe(field());
    expect(field().value).toBe('Pulsz');
  });
});

describe('a Select that takes keys, before its code is in (decision 257)', () => {
  it('keeps what is typed into its stand-in and types it into the real field, focused, its list on the match', async () => {
    vi.resetModules();
    const fresh = await import('./select');
    const { MantineProvider: Provider } = await import('@mantine/core');
    render(
      <Provider theme={theme}>
        <fresh.Select label="Casino" takesKeys searchable data={['Chumba', 'Pulsz', 'Stake.us']} value={null} onChange={() => {}} />
      </Provider>,
    );
    const standIn = field();
    expect(standIn.readOnly).toBe(false);
    standIn.focus();
    fireEvent.change(standIn, { target: { value: 'Pu' } });
    expect(field().value).toBe('Pu');
    await waitFor(() => expect(field()).not.toBe(standIn));
    expect(document.activeElement).toBe(field());
    await waitFor(() => expect(options()).toEqual(['Pulsz']));
    expect(field().value).toBe('Pu');
  });
});
