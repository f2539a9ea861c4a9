import type SQLite from 'better-sqlite3';
import { nameKey } from '../../../shared/names';
import { type Actor, appendAuditSync } from '../audit/audit.repository';
import { keptFigures } from '../transactions/kept-figures';

/**
 * One number per (customer, casino) pair, exact and distinct for ids (stand-in ids are negative) under 2^25
 * in size: customerId * 2^26 + casinoId.
 */
const pairKey = (customerId: number, casinoId: number) => customerId * 2 ** 26 + casinoId;

/** A customer, casino, type or link written by someone else, as its audit entry tells it. */
export interface NameChange {
  entity: string;
  entityId: number | null;
  before: unknown;
  after: unknown;
}

/** A field of an audited record (before or after), or undefined. */
export function auditedField(record: unknown, key: string): unknown {
  return typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[key] : undefined;
}

/** The name keys an audited change mentions (before and after). */
export const changedNames = (change: NameChange) =>
  [auditedField(change.before, 'name'), auditedField(change.after, 'name')].filter((n): n is string => typeof n === 'string').map(nameKey);

/** A record the import will create when it writes, under the stand-in id its rows carry until then. */
type Pending =
  | { entity: 'customer'; standIn: number; name: string }
  | { entity: 'casino'; standIn: number; name: string }
  | { entity: 'transactionType'; standIn: number; name: string; casinoId: number }
  | { entity: 'link'; customerId: number; casinoId: number };

/**
 * The names an import resolves (customers, casinos, their types and links), loaded once, and the
 * missing ones to create on the way (with createMissing). Checking writes nothing (decision 080): a
 * record to create gets a negative stand-in id, so the counts are what the import creates; `createPending`
 * creates them, under the write lock, before the first rows are written.
 */
export class ImportNames {
  private readonly customers = new Map<string, { id: number; isActive: boolean }[]>();
  private readonly casinos = new Map<string, { id: number; isActive: boolean; scRatio: number }>();
  private readonly types = new Map<string, number>();
  private readonly typeCasinos = new Map<string, number>();
  /** Whether each pair's link is active, by pairKey: numbers, not text (80,000 links took 18 MB as text keys). */
  private readonly links = new Map<number, boolean>();
  private nextStandIn = -1;
  private readonly pending: Pending[] = [];
  /** What the checked rows rely on: the names they looked up and the records they found (touchedBy). */
  private readonly used = {
    customerIds: new Set<number>(),
    customerNames: new Set<string>(),
    casinoIds: new Set<number>(),
    casinoNames: new Set<string>(),
  };
  readonly created = { customers: 0, casinos: 0, transactionTypes: 0, links: 0 };

  constructor(private readonly sqlite: SQLite.Database) {
    for (const c of sqlite
      .prepare<[], { id: number; name: string; isActive: number }>('select id, name, "isActive" from customers')
      .all()) {
      const key = nameKey(c.name);
      this.customers.set(key, [...(this.customers.get(key) ?? []), { id: c.id, isActive: c.isActive === 1 }]);
    }
    for (const c of sqlite
      .prepare<[], { id: number; name: string; isActive: number; scRatio: number }>('select id, name, "isActive", "scRatio" from casinos')
      .all()) {
      this.casinos.set(nameKey(c.name), { id: c.id, isActive: c.isActive === 1, scRatio: c.scRatio });
    }
    for (const t of sqlite
      .prepare<[], { id: number; name: string; casinoId: number }>('select id, name, "casinoId" from "transactionTypes"')
      .all()) {
      this.types.set(`${t.casinoId}:${nameKey(t.name)}`, t.id);
      this.typeCasinos.set(nameKey(t.name), t.casinoId);
    }
    for (const l of sqlite
      .prepare<[], { customerId: number; casinoId: number; active: number }>(
        `select "customerId", "casinoId", status = 'active' active from "customerCasinos"`,
      )
      .iterate()) {
      this.links.set(pairKey(l.customerId, l.casinoId), l.active === 1);
    }
  }

  private standIn(): number {
    return this.nextStandIn--;
  }

  customer(name: string, create: boolean): { id: number } | string {
    const found = this.customers.get(nameKey(name));
    this.used.customerNames.add(nameKey(name));
    for (const c of found ?? []) this.used.customerIds.add(c.id);
    if (found && found.length > 1) return `More than one customer is named "${name}"`;
    if (found) return found[0].isActive ? found[0] : 'Customer is inactive';
    if (!create) return 'Customer not found';
    const id = this.standIn();
    this.pending.push({ entity: 'customer', standIn: id, name });
    this.created.customers++;
    this.customers.set(nameKey(name), [{ id, isActive: true }]);
    return { id };
  }

  casino(name: string, create: boolean): { id: number; scRatio: number } | string {
    const found = this.casinos.get(nameKey(name));
    this.used.casinoNames.add(nameKey(name));
    if (found) this.used.casinoIds.add(found.id);
    if (found) return found.isActive ? found : 'Casino is inactive';
    if (!create) return 'Casino not found';
    const id = this.standIn();
    this.pending.push({ entity: 'casino', standIn: id, name });
    this.created.casinos++;
    const casino = { id, isActive: true, scRatio: 1000 };
    this.casinos.set(nameKey(name), casino);
    return casino;
  }

  type(name: string, casinoId: number, create: boolean): { id: number } | string {
    const found = this.types.get(`${casinoId}:${nameKey(name)}`);
    if (found !== undefined) return { id: found };
    if (!create)
      return this.typeCasinos.has(nameKey(name)) ? 'Transaction type does not belong to this casino' : 'Transaction type not found';
    const id = this.standIn();
    this.pending.push({ entity: 'transactionType', standIn: id, name, casinoId });
    this.created.transactionTypes++;
    this.types.set(`${casinoId}:${nameKey(name)}`, id);
    return { id };
  }

  /** The pair's link must be active, as for a typed entry; a missing one is created active. */
  link(customerId: number, casinoId: number, create: boolean): true | string {
    const key = pairKey(customerId, casinoId);
    const active = this.links.get(key);
    if (active === true) return true;
    if (active !== undefined || !create) return 'Customer has no active registration at this casino';
    this.pending.push({ entity: 'link', customerId, casinoId });
    this.created.links++;
    this.links.set(key, true);
    return true;
  }

  /** Stand-in ids and the real ids of the records created for them so far. */
  private readonly real = new Map<number, number>();
  private createdUpTo = 0;

  /** The real id of a stand-in once created (other ids as they are). */
  readonly idOf = (id: number) => (id < 0 ? (this.real.get(id) ?? id) : id);

  /**
   * Creates up to `max` of the records the checked rows need, in the order they were met (a type after
   * its casino, a link after its pair), each audited as created, inside the caller's write transaction.
   * Answers whether every one is created (a transaction each bounds how long one holds the write lock).
   */
  createPending(write: { actor: Actor; now: Date }, max: number): boolean {
    const of = this.idOf;
    const at = write.now.toISOString();
    const audit = (entity: Pending['entity'], entityId: number | null, after: Record<string, unknown>) =>
      appendAuditSync(this.sqlite, write.actor, { action: 'create', entity, entityId, after }, write.now);
    const insert = (sql: string, params: Record<string, unknown>) => Number(this.sqlite.prepare(sql).run(params).lastInsertRowid);
    const end = Math.min(this.pending.length, this.createdUpTo + max);
    for (; this.createdUpTo < end; this.createdUpTo++) {
      const p = this.pending[this.createdUpTo];
      if (p.entity === 'customer') {
        const id = insert('insert into customers (name, email, "isActive", "createdAt") values (@name, null, 1, @at)', {
          name: p.name,
          at,
        });
        this.real.set(p.standIn, id);
        audit('customer', id, { id, name: p.name, email: null, isActive: true });
      } else if (p.entity === 'casino') {
        const id = insert('insert into casinos (name, website, "isActive", "scRatio", "createdAt") values (@name, null, 1, 1000, @at)', {
          name: p.name,
          at,
        });
        this.real.set(p.standIn, id);
        audit('casino', id, { id, name: p.name, website: null, isActive: true, scRatio: 1000 });
      } else if (p.entity === 'transactionType') {
        const casinoId = of(p.casinoId);
        const id = insert('insert into "transactionTypes" (name, "casinoId") values (@name, @casinoId)', { name: p.name, casinoId });
        this.real.set(p.standIn, id);
        audit('transactionType', id, { id, name: p.name, casinoId });
      } else {
        const [customerId, casinoId] = [of(p.customerId), of(p.casinoId)];
        insert(`insert into "customerCasinos" ("customerId", "casinoId", status) values (@customerId, @casinoId, 'active')`, {
          customerId,
          casinoId,
        });
        keptFigures(this.sqlite).linkAdded(customerId, casinoId);
        audit('link', null, { customerId, casinoId, status: 'active' });
      }
    }
    return this.createdUpTo === this.pending.length;
  }

  /**
   * Whether a change written by someone else since the names were read could change a checked row: a
   * customer or casino the rows found or a name they looked up, a type of a casino they found, a link
   * between a customer and a casino they found (decision 080). Other changes (a new walk-in customer) do not.
   */
  touchedBy(change: NameChange): boolean {
    const u = this.used;
    const id = change.entityId ?? -1;
    const names = changedNames(change);
    const of = (key: string) => auditedField(change.after, key) ?? auditedField(change.before, key);
    if (change.entity === 'customer') return u.customerIds.has(id) || names.some((n) => u.customerNames.has(n));
    if (change.entity === 'casino') return u.casinoIds.has(id) || names.some((n) => u.casinoNames.has(n));
    if (change.entity === 'transactionType') return u.casinoIds.has(Number(of('casinoId')));
    if (change.entity === 'link') return u.customerIds.has(Number(of('customerId'))) && u.casinoIds.has(Number(of('casinoId')));
    return false;
  }
}
