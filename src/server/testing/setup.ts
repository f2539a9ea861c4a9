import { afterEach, vi } from 'vitest';

// A test that makes the code print an error fails: surprises must be loud.
const errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length) {
    const first = errors
      .splice(0)
      .map((a) => a.map(String).join(' '))
      .join('\n');
    throw new Error(`console.error was called:\n${first}`);
  }
});
void spy;
