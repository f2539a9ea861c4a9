import { formatCount, formatDay, formatInstant, formatUsd } from './display';
import { formatGrouped, toHundredths } from './money';

/**
 * How an audit entry reads to a person, the one formatter behind the Audit Trail, its export and the
 * Edit dialog's History tab (decision 116): names instead of ids, labelled fields, the office's dates.
 */

/** Names by id, as the caller knows them (the screens from their master-data queries, exports from the tables). */
export interface AuditNames {
  customers: ReadonlyMap<number, string>;
  casinos: ReadonlyMap<number, string>;
  types: ReadonlyMap<number, string>;
  users: ReadonlyMap<number, string>;
}

const FIELD_LABELS: Record<string, string> = {
  date: 'Date',
  day: 'Day',
  customerId: 'Customer',
  casinoId: 'Casino',
  transactionTypeId: 'Type',
  unplayedCoinsChange: 'Unplayed change',
  playedCoinsChange: 'Played change',
  usdChange: 'USD change',
  unplayedCoins: 'Unplayed coins',
  playedCoins: 'Played coins',
  expectedUsd: 'Expected USD',
  usdReceived: 'USD received',
  receivedAt: 'Received on',
  finishedAt: 'Finished',
  finishedByUserId: 'Finished by',
  note: 'Note',
  finishNote: 'Closing note',
  status: 'Status',
  streak: 'Streak (days)',
  name: 'Name',
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  website: 'Website',
  isActive: 'Active',
  scRatio: 'SC per $1',
  role: 'Role',
  requestTransactionId: 'Request entry',
  receiptTransactionId: 'Receipt entry',
  reversalTransactionId: 'Reversal entry',
  adjustmentId: 'Adjustment entry',
  copiedFromCasinoId: 'Copied from casino',
};

/** "someField" -> "Some field", for a field this list does not name yet. */
const humanize = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
export const auditFieldLabel = (key: string) => FIELD_LABELS[key] ?? humanize(key);

const NAMED: Record<string, keyof AuditNames> = {
  customerId: 'customers',
  casinoId: 'casinos',
  copiedFromCasinoId: 'casinos',
  transactionTypeId: 'types',
  finishedByUserId: 'users',
};
const ENTRY_IDS = new Set(['requestTransactionId', 'receiptTransactionId', 'reversalTransactionId', 'adjustmentId']);
const INSTANTS = new Set(['date', 'finishedAt', 'receivedAt', 'at']);
const USD = new Set(['usdChange', 'expectedUsd', 'usdReceived']);
const AMOUNT = /^-?\d+(\.\d{1,2})?$/;

/** One value as a person reads it: a name for an id, the office's date, grouped amounts, Yes/No. */
export function auditValue(key: string, value: unknown, names: AuditNames, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && NAMED[key]) return names[NAMED[key]].get(value) ?? `#${value}`;
  if (typeof value === 'number' && ENTRY_IDS.has(key)) return `#${value}`;
  if (typeof value === 'string' && INSTANTS.has(key) && !Number.isNaN(Date.parse(value)))
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : formatInstant(value, timeZone);
  if (typeof value === 'string' && key === 'day') return formatDay(value);
  if (typeof value === 'string' && AMOUNT.test(value) && (USD.has(key) || /Coins(Change)?$/.test(key)))
    return USD.has(key) ? formatUsd(value) : formatGrouped(toHundredths(value));
  if (typeof value === 'number') return formatCount(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const HIDDEN = new Set(['id', 'createdAt', 'version']);

/**
 * The fields an entry changed, "Label: before → after", or every value of a creation or a deletion,
 * "Label: value". An edit that changed nothing gives no line.
 */
export function auditChangeLines(before: unknown, after: unknown, names: AuditNames, timeZone?: string): string[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const both = isRecord(before) && isRecord(after);
  const show = (k: string, v: unknown) => auditValue(k, v, names, timeZone);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => !HIDDEN.has(k))
    .filter((k) => !both || JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${auditFieldLabel(k)}: ${both ? `${show(k, b[k])} → ${show(k, a[k])}` : show(k, isRecord(after) ? a[k] : b[k])}`);
}

const ACTIONS: Record<string, string> = {
  create: 'Created',
  edit: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  status: 'Status changed',
  adjustment: 'Adjustment',
  import: 'Imported',
  reconcile: 'Reconciled',
  request: 'Requested',
  receive: 'Received',
  reject: 'Rejected',
  cancel: 'Cancelled',
  role: 'Role changed',
  'check-in': 'Checked in',
  'check-in-correction': 'Check-in corrected',
  'reset-link-sent': 'Reset link sent',
  'password-reset': 'Password reset',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
};
export const auditActionLabel = (action: string) => ACTIONS[action] ?? humanize(action.replace(/-/g, ' '));

const ENTITY_LABELS: Record<string, string> = {
  transaction: 'Transaction',
  customer: 'Customer',
  casino: 'Casino',
  link: 'Customer casino',
  transactionType: 'Transaction type',
  user: 'User',
  session: 'Sign-in',
  redemption: 'Redemption',
  checkIn: 'Check-in',
  books: 'Books',
  note: 'Note',
  attachment: 'Attachment',
};
export const auditEntityLabel = (entity: string) => ENTITY_LABELS[entity] ?? humanize(entity);

/** The record an entry is about, named: "Customer Alice Anders", "Customer casino Alice at Lucky", "Transaction #12". */
export function auditRecordText(
  e: { entity: string; entityId: number | null; before?: unknown; after?: unknown },
  names: AuditNames,
): string {
  const v = isRecord(e.after) ? e.after : isRecord(e.before) ? e.before : {};
  const label = auditEntityLabel(e.entity);
  const id = e.entityId;
  const pair = () =>
    typeof v.customerId === 'number' && typeof v.casinoId === 'number'
      ? `${auditValue('customerId', v.customerId, names)} at ${auditValue('casinoId', v.casinoId, names)}`
      : null;
  const named = (map: ReadonlyMap<number, string>) =>
    (id !== null ? map.get(id) : undefined) ?? (typeof v.name === 'string' ? v.name : undefined);
  let what: string | null | undefined;
  if (e.entity === 'customer') what = named(names.customers);
  else if (e.entity === 'casino') what = named(names.casinos);
  else if (e.entity === 'transactionType') {
    const type = named(names.types);
    what = type && typeof v.casinoId === 'number' ? `${type} — ${auditValue('casinoId', v.casinoId, names)}` : type;
  } else if (e.entity === 'user')
    what = (id !== null ? names.users.get(id) : undefined) ?? (typeof v.email === 'string' ? v.email : undefined);
  else if (e.entity === 'session') what = typeof v.email === 'string' ? v.email : undefined;
  else if (e.entity === 'link' || e.entity === 'checkIn') what = pair();
  else if (e.entity === 'transaction' || e.entity === 'redemption') {
    const p = pair();
    what = id !== null ? `#${id}${p ? ` · ${p}` : ''}` : p;
  }
  if (!what) what = id !== null ? `#${id}` : null;
  return what ? `${label} ${what}` : label;
}
