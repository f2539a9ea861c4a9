import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw';
import { ImportFailure, sendImport } from './import-api';

const request = (file = new File(['Date\r\n'], 'in.csv')) =>
  sendImport({ kind: 'transactions', file, dryRun: false, createMissing: false, skipInvalid: false, mapping: {} }, () => {});

describe('sendImport', () => {
  it("shows why the ledger refused the rows, not the form's 'Validation failed'", async () => {
    const reason =
      "This would take the customer's unplayed coins at this casino on 2026-10-01 past ±100,000,000,000.00, the most the ledger keeps";
    server.use(
      http.post('*/api/import/transactions', () =>
        HttpResponse.json({ message: 'Validation failed', errors: [{ path: 'unplayedCoinsChange', message: reason }] }, { status: 400 }),
      ),
    );
    await expect(request()).rejects.toBeInstanceOf(ImportFailure);
    await expect(request()).rejects.toThrow(reason);
  });

  it("keeps the server's message when it names no field", async () => {
    server.use(http.post('*/api/import/transactions', () => HttpResponse.json({ message: 'Send the file as text/csv' }, { status: 415 })));
    await expect(request()).rejects.toThrow('Send the file as text/csv');
  });
});
