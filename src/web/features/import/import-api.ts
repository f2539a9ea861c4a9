import { type ImportField, type ImportKind, XLSX_TYPE } from '../../../shared/import-fields';
import type { ImportResult } from '../../../shared/schemas/import';
import { getToken } from '../../lib/auth-token';

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  dryRun: boolean;
  createMissing: boolean;
  skipInvalid: boolean;
  mapping: Partial<Record<ImportField, string>>;
}

/** An answer that is not an import result (413, 415, 401, 500...): the server's message. */
export class ImportFailure extends Error {}

const isResult = (body: Partial<ImportResult> & { message?: string }): body is ImportResult & { message?: string } =>
  typeof body.importId === 'string';

const contentType = (file: File) => (/\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv');

/**
 * POST /api/import/{kind} with the file as the body (decision 051), through XMLHttpRequest so the upload
 * reports progress. Resolves with the result, also for a refused import (400 with the result and a message).
 */
export function sendImport(r: ImportRequest, onProgress: (fraction: number) => void): Promise<ImportResult & { message?: string }> {
  const query = new URLSearchParams({
    dryRun: r.dryRun ? '1' : '0',
    createMissing: r.createMissing ? '1' : '0',
    skipInvalid: r.skipInvalid ? '1' : '0',
  });
  if (Object.keys(r.mapping).length > 0) query.set('mapping', JSON.stringify(r.mapping));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/import/${r.kind}?${query.toString()}`);
    xhr.setRequestHeader('authorization', `Bearer ${getToken() ?? ''}`);
    xhr.setRequestHeader('content-type', contentType(r.file));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ImportFailure('The server could not be reached. Check the connection and try again.'));
    xhr.onload = () => {
      let body: Partial<ImportResult> & { message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // a body that is not JSON is reported by status below
      }
      if (isResult(body)) resolve(body);
      // A refusal naming a column (the ledger's limit: "Validation failed" with the reason in errors) says why.
      else reject(new ImportFailure(body.errors?.[0]?.message ?? body.message ?? `The import failed (${xhr.status})`));
    };
    xhr.send(r.file);
  });
}

/** Downloads failed-rows.csv of an import (with the bearer header, then as a file). */
export async function downloadFailedRows(importId: string): Promise<void> {
  const res = await fetch(`/api/import/${importId}/failed-rows.csv`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } });
  if (!res.ok)
    throw new ImportFailure(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `Download failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'failed-rows.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
