import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('sets jitless in the settings zod itself reads, without importing zod', () => {
    expect(config().jitless).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
