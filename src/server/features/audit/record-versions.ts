import type SQLite from 'better-sqlite3';
import { formatInstant } from '../../../shared/display';
import { nameOrEmail } from '../../../shared/names';
import { perConnection } from '../../db/per-connection';
import { conflict } from '../../errors/domain-errors';

/** A record an Edit dialog changes, by its key (a link's is its pair; its audit entries name no id). */
export type VersionedRecord =
  | { entity: 'transaction' | 'customer' | 'casino' | 'transactionType'; id: number }
  | { entity: 'link'; customerId: number; casinoId: number };

/** The version a write was based on, and the office zone its refusal writes times in. */
export interface ExpectedVersion {
  version: number;
  timeZone: string;
}

/** The version a request named, with the office's zone; undefined when it named none. */
export const expectedVersion = (
  version: number | undefined,
  ctx: { services: { config: { timeZone: string } } },
): ExpectedVersion | undefined => (version === undefined ? undefined : { version, timeZone: ctx.services.config.timeZone });

const NOUNS: Record<VersionedRecord['entity'], string> = {
  transaction: 'transaction',
  customer: 'customer',
  casino: 'casino',
  transactionType: 'transaction type',
  link: 'link',
};

interface LastChange {
  at: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const lastChange = perConnection((q) => {
  const select = `select a.at, u."firstName", u."lastName", coalesce(u.email, a."userEmail") as email
    from "auditLog" a left join users u on u.id = a."userId"`;
  return {
    byId: q<[string, number], LastChange>(`${select} where a.entity = ? and a."entityId" = ? order by a.id desc limit 1`),
    byPair: q<[number, number], LastChange>(
      `${select} where a.entity = 'link' and json_extract(a.after, '$.customerId') = ? and json_extract(a.after, '$.casinoId') = ?
       order by a.id desc limit 1`,
    ),
  };
});

/**
 * Refuses a write based on a version that is no longer the record's (decision 151): a 409 naming who
 * changed it last and when, from the audit trail. Called inside the write's transaction, before it
 * writes anything; a write that names no version is not checked (the spec's clients keep working).
 */
export function checkVersion(
  sqlite: SQLite.Database,
  record: VersionedRecord,
  current: number,
  expected: ExpectedVersion | undefined,
): void {
  if (expected === undefined || expected.version === current) return;
  const statements = lastChange(sqlite);
  const last =
    record.entity === 'link' ? statements.byPair.get(record.customerId, record.casinoId) : statements.byId.get(record.entity, record.id);
  const who = (last && nameOrEmail(last)) || 'Someone';
  const when = last ? ` on ${formatInstant(last.at, expected.timeZone)}` : '';
  throw conflict(
    `${who} changed this ${NOUNS[record.entity]}${when}, after you opened it. Nothing was saved: reload it to see the current values.`,
  );
}
