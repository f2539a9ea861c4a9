import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { describeSaveError, formatIssues, truncateMessage } from './errors';

const issues = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `f${i + 1}`, message: `bad ${i + 1}` }));

describe('error display (spec 8.2)', () => {
  it('joins up to five errors with their paths, then says how many more', () => {
    expect(formatIssues(issues(2))).toBe('[f1] bad 1; [f2] bad 2');
    expect(formatIssues(issues(7))).toBe('[f1] bad 1; [f2] bad 2; [f3] bad 3; [f4] bad 4; [f5] bad 5 …and 2 more');
  });

  it('cuts raw messages at 200 characters', () => {
    expect(truncateMessage('x'.repeat(250))).toHaveLength(200);
    expect(truncateMessage('short')).toBe('short');
  });

  it("uses the server's message as the title when it sends field errors, else 'Error' and the message", () => {
    const withIssues = new TRPCClientError('Validation failed', { result: { error: { data: { errors: issues(1) } } } as never });
    Object.assign(withIssues, { data: { httpStatus: 400, errors: issues(1) } });
    expect(describeSaveError(withIssues, 'Failed to create transaction')).toEqual({ title: 'Validation failed', message: '[f1] bad 1' });
    expect(describeSaveError(new Error('y'.repeat(300)), 'Failed to create transaction')).toEqual({
      title: 'Error',
      message: 'y'.repeat(200),
    });
    expect(describeSaveError(new Error(''), 'Failed to create transaction')).toEqual({
      title: 'Error',
      message: 'Failed to create transaction',
    });
  });
});
