import { getToken } from './auth-token';
/** The two export formats. */
export type ExportFormat = 'xlsx' | 'csv';

/** The server's export files (GET /api/exports/{file}.{csv,xlsx}, decision 022). */
export type ServerExportFile =
  | 'transactions'
  | 'high-sc'
  | 'profitability'
  | 'participation'
  | 'transaction-types'
  | 'audit'
  | 'reconciliation'
  | 'redemptions'
  | 'access-log';

export type ExportParams = Record<string, string | number | undefined>;

/** The filters a link carries: the set ones (the token is asked for these very filters). */
function linkFilters(params: ExportParams): Record<string, string | number> {
  const kept: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') kept[key] = value;
  return kept;
}

/** The link for one export: the screen's filters plus a one-use download token issued for them. */
export function exportUrl(file: ServerExportFile, format: ExportFormat, params: ExportParams, token: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(linkFilters(params))) query.set(key, String(value));
  query.set('token', token);
  return `/api/exports/${file}.${format}?${query.toString()}`;
}

/**
 * Downloads a server export: asks for a download token for this export and these filters (the bearer
 * header cannot ride on a link; the token opens this link once, decision 086), then follows the link, so
 * the browser streams the file to disk with its own progress. A bad filter or a refusal is thrown here,
 * with the server's message, before any link is followed.
 */
export async function downloadServerExport(file: ServerExportFile, format: ExportFormat, params: ExportParams): Promise<void> {
  const res = await fetch('/api/exports/token', {
    method: 'POST',
    headers: { authorization: `Bearer ${getToken() ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file: `${file}.${format}`, filters: linkFilters(params) }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!res.ok || !body.token) throw new Error(body.message ?? `Export failed (${res.status})`);
  const a = document.createElement('a');
  a.href = exportUrl(file, format, params, body.token);
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A statement's choices (GET /api/customers/{id}/statement). */
export interface StatementChoice {
  startDate: string;
  endDate: string;
  casinoId?: number;
  format: 'pdf' | 'xlsx' | 'csv';
}

/**
 * Downloads a customer's statement as the exports are downloaded: a one-use token for this statement
 * first (a refusal or a bad choice is thrown here, with the server's message), then the link.
 */
export async function downloadStatement(customerId: number, choice: StatementChoice): Promise<void> {
  const filters = linkFilters({ ...choice });
  const res = await fetch(`/api/customers/${customerId}/statement/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${getToken() ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(filters),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string; errors?: { message: string }[] };
  if (!res.ok || !body.token) throw new Error(body.errors?.[0]?.message ?? body.message ?? `Statement failed (${res.status})`);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
  query.set('token', body.token);
  const a = document.createElement('a');
  a.href = `/api/customers/${customerId}/statement?${query.toString()}`;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
