import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { DateRangeFields } from './report-filters';

// The date filters offer the days the server reads (1970-01-01 .. 2100-12-31, shared/dates.ts).
describe('DateRangeFields', () => {
  const renderRange = (startDate?: string, endDate?: string) =>
    render(
      <MantineProvider theme={theme}>
        <DateRangeFields startDate={startDate} endDate={endDate} onDates={() => {}} />
      </MantineProvider>,
    );

  it('limits both days to the range the server reads', () => {
    renderRange();
    for (const label of ['Start Date', 'End Date']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('min'), label).toBe('1970-01-01');
      expect(input.getAttribute('max'), label).toBe('2100-12-31');
    }
  });

  it('keeps each end within the other', () => {
    renderRange('2026-01-05', '2026-02-01');
    expect(screen.getByLabelText('Start Date').getAttribute('max')).toBe('2026-02-01');
    expect(screen.getByLabelText('End Date').getAttribute('min')).toBe('2026-01-05');
  });
});
