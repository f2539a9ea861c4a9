import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { DateRangeFields } from './report-filters';

// The date filters take the days the server reads (1970-01-01 .. 2100-12-31, shared/dates.ts).
describe('DateRangeFields', () => {
  const renderRange = (startDate?: string, endDate?: string) => {
    const onDates = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <DateRangeFields startDate={startDate} endDate={endDate} onDates={onDates} />
      </MantineProvider>,
    );
    return onDates;
  };

  it('takes a typed day only within the range the server reads', () => {
    const onDates = renderRange();
    ['Start Date', 'End Date'].forEach((label, i) => {
      const input = screen.getByLabelText(label);
      for (const outside of ['12/31/1969', '01/01/2101']) {
        fireEvent.change(input, { target: { value: outside } });
        expect(input.getAttribute('aria-invalid'), label).toBe('true');
        expect(screen.getAllByText('Enter a date from 01/01/1970 to 12/31/2100'), label).toHaveLength(i + 1);
      }
      expect(onDates).not.toHaveBeenCalled();
    });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '01/01/1970' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '12/31/2100' } });
    expect(onDates.mock.calls).toEqual([
      ['startDate', '1970-01-01'],
      ['endDate', '2100-12-31'],
    ]);
  });

  it("keeps each end's calendar within the other", async () => {
    renderRange('2026-01-05', '2026-01-20');
    fireEvent.click(screen.getByRole('button', { name: 'End Date: choose on a calendar' }));
    const calendar = await screen.findByRole('dialog');
    // Mantine names each day button "4 January 2026"; the dropdown is still fading in, so read the DOM.
    const day = (n: string) => {
      const button = calendar.querySelector(`button[aria-label="${n} January 2026"]`);
      expect(button, n).toBeTruthy();
      return button!;
    };
    expect(day('4').hasAttribute('data-disabled')).toBe(true);
    expect(day('5').hasAttribute('data-disabled')).toBe(false);
    expect(day('20').hasAttribute('data-selected')).toBe(true);
  });
});
