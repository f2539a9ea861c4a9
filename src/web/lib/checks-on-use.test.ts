import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checksOnUse } from './checks-on-use';

const schema = z.object({ amount: z.string().min(1, { error: 'Amount is required' }) });

describe('checksOnUse', () => {
  it("has nothing to say until its schema is in, then the schema's message per field", async () => {
    const checks = checksOnUse(async () => schema);
    expect(checks.ready()).toBe(false);
    expect(checks.validate({ amount: '' })).toEqual({});
    await checks.load();
    expect(checks.ready()).toBe(true);
    expect(checks.validate({ amount: '' })).toEqual({ amount: 'Amount is required' });
    expect(checks.validate({ amount: '12.50' })).toEqual({});
  });

  it('fetches its schema once, and again after a fetch that failed', async () => {
    let fetched = 0;
    const checks = checksOnUse(async () => {
      fetched += 1;
      if (fetched === 1) throw new Error('offline');
      return schema;
    });
    await checks.load();
    expect(checks.ready()).toBe(false);
    await Promise.all([checks.load(), checks.load()]);
    await checks.load();
    expect(fetched).toBe(2);
    expect(checks.validate({ amount: '' })).toEqual({ amount: 'Amount is required' });
  });
});
