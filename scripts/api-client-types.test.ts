import fs from 'node:fs';
import { expect, it } from 'vitest';
import { clientTypes, CLIENT_TYPES_FILE } from './api-client-types';

it('keeps the typed client of examples/ generated from the current OpenAPI document (npm run api:types)', async () => {
  const generated = await clientTypes();
  expect(generated).toContain('"/api/customer-casinos": {');
  expect(generated).toContain('currentUnplayedCoins: string;');
  expect(fs.readFileSync(CLIENT_TYPES_FILE, 'utf8') === generated, `${CLIENT_TYPES_FILE} is stale: run npm run api:types`).toBe(true);
});
