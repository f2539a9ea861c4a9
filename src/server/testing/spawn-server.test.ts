import { describe, expect, it } from 'vitest';
import { startCommand } from './spawn-server';

describe('the server as npm start runs it', () => {
  it('reads the environment and the Node flags from the start script, for the benches and browser tests', () => {
    expect(startCommand()).toEqual({
      env: { MALLOC_ARENA_MAX: '2' },
      flags: ['--enable-source-maps', '--max-semi-space-size=2', '--heap-growing-percent=25'],
    });
  });
});
