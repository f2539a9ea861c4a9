import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvLine } from '../../shared/spreadsheet-cells';
import { splitCsvLine } from '../testing/split-csv';
import { createTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(() => s.stop());

describe('CSV export of a name written to carry a formula through ;', () => {
  it('a customer "Eve;=2+5;" saved through the API exports as one quoted cell in ;-splitting spreadsheets', async () => {
    const { auth } = await s.addUser('staff');
    for (const name of ['Eve;=2+5;', ' =1+1', ';@SUM(1)']) {
      expect((await s.app.inject({ method: 'POST', url: '/api/customers', headers: auth, payload: { name } })).statusCode).toBe(201);
    }
    const names = (await s.app.inject({ method: 'GET', url: '/api/customers', headers: auth })).json().map((c: { name: string }) => c.name);
    expect(names).toEqual([' =1+1', ';@SUM(1)', 'Eve;=2+5;'].map((n) => n.trim()).sort());
    for (const name of names) {
      for (const separator of [',', ';']) {
        const cells = splitCsvLine(csvLine([name, 'Lucky']), separator);
        expect(
          cells.every((cell) => !/^\s*[=+\-@]/.test(cell)),
          `${name} split on ${separator}: ${JSON.stringify(cells)}`,
        ).toBe(true);
      }
    }
    expect(csvLine(['Eve;=2+5;', 'Lucky'])).toBe('"Eve;=2+5;",Lucky');
  });
});
