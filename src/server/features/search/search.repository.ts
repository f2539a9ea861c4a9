import { localDay } from '../../../shared/dates';
import { formatInstant } from '../../../shared/display';
import { SCREENS, searchKey } from '../../../shared/screens';
import { SEARCH_LIMIT, type SearchResult } from '../../../shared/schemas/search';
import type { Db } from '../../db/types';

/** How well `text` matches `key` (both search keys): 0 the whole text, 1 its start, 2 a word's start, 3 inside; null no match. */
export function matchRank(text: string, key: string): number | null {
  if (!key) return null;
  const at = text.indexOf(key);
  if (at < 0) return null;
  if (text === key) return 0;
  if (at === 0) return 1;
  return text.includes(` ${key}`) || /[^\p{L}\p{N}]/u.test(text[at - 1]) ? 2 : 3;
}

interface Candidate extends SearchResult {
  rank: number;
}

/**
 * Each name's search key, kept by the text it was made from (a pure function's results, not answers):
 * a search compares every customer's name and email, and making their keys again each time (Unicode
 * normalisation of 4,000 texts) was most of a search's 4.8 ms on the read thread (decision 194). Names
 * that change leave their old text's entry behind, so the map is emptied past a bound.
 */
const keys = new Map<string, string>();
const KEYS_KEPT = 50_000;

function keyOf(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = searchKey(text);
    keys.set(text, key);
  }
  return key;
}

/** The best rank of a record's texts; any match of its name comes before a match of its second text (email, website). */
function bestOf(key: string, name: string, other: string | null): number | null {
  const byName = matchRank(keyOf(name), key);
  if (byName !== null) return byName;
  const byOther = other === null ? null : matchRank(keyOf(other), key);
  return byOther === null ? null : byOther + 4;
}

/** `#1234` or `1234`: a transaction's or a redemption's number. */
const NUMBER = /^#?\s*([1-9][0-9]{0,15})$/;

async function byNumber(db: Db, n: number, timeZone: string): Promise<Candidate[]> {
  const [t, r] = await Promise.all([
    db
      .selectFrom('transactions as t')
      .innerJoin('customers as c', 'c.id', 't.customerId')
      .innerJoin('casinos as k', 'k.id', 't.casinoId')
      .innerJoin('transactionTypes as y', 'y.id', 't.transactionTypeId')
      .select(['t.id', 't.date', 't.customerId', 't.casinoId', 'c.name as customerName', 'k.name as casinoName', 'y.name as typeName'])
      .where('t.id', '=', n)
      .executeTakeFirst(),
    db
      .selectFrom('redemptions as r')
      .innerJoin('customers as c', 'c.id', 'r.customerId')
      .innerJoin('casinos as k', 'k.id', 'r.casinoId')
      .select(['r.id', 'r.status', 'r.customerId', 'r.casinoId', 'c.name as customerName', 'k.name as casinoName'])
      .where('r.id', '=', n)
      .executeTakeFirst(),
  ]);
  const found: Candidate[] = [];
  if (t)
    found.push({
      kind: 'transaction',
      id: t.id,
      label: `Transaction #${t.id}`,
      detail: `${t.customerName} at ${t.casinoName}, ${t.typeName}, ${formatInstant(t.date, timeZone)}`,
      customerId: t.customerId,
      casinoId: t.casinoId,
      day: localDay(t.date, timeZone),
      rank: 0,
    });
  if (r)
    found.push({
      kind: 'redemption',
      id: r.id,
      label: `Redemption #${r.id}`,
      detail: `${r.customerName} at ${r.casinoName}, ${r.status}`,
      customerId: r.customerId,
      casinoId: r.casinoId,
      rank: 1,
    });
  return found;
}

/**
 * GET /api/search?q=: customers by name or email, casinos by name or website, screens by name, and an
 * entry or a redemption by its number; at most SEARCH_LIMIT, best first (a start before a middle), case
 * and accents ignored. Customers and casinos are a few thousand rows compared here; transactions and
 * redemptions are found by primary key only (decision 182).
 */
export async function search(db: Db, q: string, isAdmin: boolean, timeZone: string): Promise<{ results: SearchResult[] }> {
  const key = searchKey(q);
  if (!key) return { results: [] };
  const number = NUMBER.exec(key);
  const [customers, casinos, numbered] = await Promise.all([
    db.selectFrom('customers').select(['id', 'name', 'email', 'isActive']).execute(),
    db.selectFrom('casinos').select(['id', 'name', 'website', 'isActive']).execute(),
    number ? byNumber(db, Number(number[1]), timeZone) : Promise.resolve([]),
  ]);
  const found: Candidate[] = [...numbered];
  for (const c of customers) {
    const rank = bestOf(key, c.name, c.email);
    if (rank !== null)
      found.push({ kind: 'customer', id: c.id, label: c.name, detail: c.email ?? (c.isActive ? 'Customer' : 'Customer, inactive'), rank });
  }
  for (const k of casinos) {
    const rank = bestOf(key, k.name, k.website);
    if (rank !== null)
      found.push({ kind: 'casino', id: k.id, label: k.name, detail: k.website ?? (k.isActive ? 'Casino' : 'Casino, inactive'), rank });
  }
  for (const s of SCREENS) {
    if (s.adminOnly && !isAdmin) continue;
    const rank = bestOf(key, s.label, null);
    if (rank !== null) found.push({ kind: 'screen', id: s.path, label: s.label, detail: 'Screen', rank });
  }
  found.sort((a, b) => a.rank - b.rank || keyOf(a.label).localeCompare(keyOf(b.label)) || String(a.id).localeCompare(String(b.id)));
  return { results: found.slice(0, SEARCH_LIMIT).map(({ rank: _rank, ...result }) => result) };
}
