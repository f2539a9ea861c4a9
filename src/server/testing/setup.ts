import { afterEach, vi } from 'vitest';
import { takeContractProblems } from './contract-problems';

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

// An /api answer that the OpenAPI document does not describe fails the test that received it (decision 160).
afterEach(() => {
  const problems = [...new Set(takeContractProblems())];
  if (problems.length) throw new Error(`An answer broke the API's contract (GET /api/openapi.json):\n${problems.join('\n')}`);
});
