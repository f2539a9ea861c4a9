import { perConnection } from '../../db/per-connection';
import type { Counted } from './ledger-limits';

/**
 * Every kept figure and change feed, written by the ledger's own code in the writing transaction
 * (decision 130): one mechanism, so no figure is kept by a trigger the write path cannot see. The
 * statements are plain SQL upserts that PostgreSQL runs as they are. docs/architecture.md ("Derived
 * data") lists who calls what here and the test that compares each figure with a recomputation.
 */

/** How many entries each change feed keeps; a reader further behind rebuilds from the tables. */
export const KEEP_CHANGES = 100_000;

/**
 * A change to one link's kept figures: its balances, USD total and transaction count, and the latest date
 * of the entries it adds (null when it adds none).
 */
export interface LinkDelta {
  customerId: number;
  casinoId: number;
  unplayed: number;
  played: number;
  usd: number;
  count: number;
  latest: string | null;
}

const upsertTotal = (table: string, key: string) =>
  `on conflict (${key}) do update set "transactionCount" = "${table}"."transactionCount" + excluded."transactionCount",
     "usdTotal" = "${table}"."usdTotal" + excluded."usdTotal"`;

const statements = perConnection((q) => ({
  link: q<[LinkDelta], never>(
    `update "customerCasinos" set "currentUnplayedCoins" = "currentUnplayedCoins" + @unplayed, "currentPlayedCoins" = "currentPlayedCoins" + @played,
       "usdTotal" = "usdTotal" + @usd, "transactionCount" = "transactionCount" + @count,
       "lastActivityAt" = coalesce(max("lastActivityAt", @latest), "lastActivityAt", @latest)
     where "customerId" = @customerId and "casinoId" = @casinoId`,
  ),
  // A removed entry that may have been the pair's latest: the latest of the others (one seek on the pair-date
  // index), whether the row is already gone or still there.
  linkLatestWithout: q<[{ customerId: number; casinoId: number; id: number; date: string }], never>(
    `update "customerCasinos" set "lastActivityAt" = (select max(date) from transactions t
       where t."customerId" = @customerId and t."casinoId" = @casinoId and t.id <> @id)
     where "customerId" = @customerId and "casinoId" = @casinoId and "lastActivityAt" <= @date`,
  ),
  casino: q<[{ casinoId: number; links: number; unplayed: number; played: number }], never>(
    `insert into "casinoBalances" ("casinoId", links, "unplayedCoins", "playedCoins") values (@casinoId, @links, @unplayed, @played)
     on conflict ("casinoId") do update set links = "casinoBalances".links + excluded.links,
       "unplayedCoins" = "casinoBalances"."unplayedCoins" + excluded."unplayedCoins", "playedCoins" = "casinoBalances"."playedCoins" + excluded."playedCoins"`,
  ),
  day: q<[{ day: string; count: number; usd: number }], never>(
    `insert into "dayTotals" (day, "transactionCount", "usdTotal") values (@day, @count, @usd) ${upsertTotal('dayTotals', 'day')}`,
  ),
  dayType: q<[{ day: string; typeId: number; count: number; usd: number }], never>(
    `insert into "dayTypeTotals" (day, "transactionTypeId", "transactionCount", "usdTotal") values (@day, @typeId, @count, @usd)
     ${upsertTotal('dayTypeTotals', 'day, "transactionTypeId"')}`,
  ),
  type: q<[{ typeId: number; count: number; usd: number }], never>(
    `insert into "typeTotals" ("transactionTypeId", "transactionCount", "usdTotal") values (@typeId, @count, @usd)
     ${upsertTotal('typeTotals', '"transactionTypeId"')}`,
  ),
  hour: q<[{ hour: string; count: number; usd: number }], never>(
    `insert into "hourTotals" (hour, "transactionCount", "usdTotal") values (@hour, @count, @usd) ${upsertTotal('hourTotals', 'hour')}`,
  ),
  // Every reconciliation of the pair at or after the entry's date counts it (an entry stamped in the very
  // millisecond of a reconciliation counts as before it: decision 191).
  reconciled: q<[{ customerId: number; casinoId: number; date: string; unplayed: number; played: number }], never>(
    `update reconciliations set "ledgerUnplayed" = "ledgerUnplayed" + @unplayed, "ledgerPlayed" = "ledgerPlayed" + @played
     where "customerId" = @customerId and "casinoId" = @casinoId and at >= @date`,
  ),
  transactionChanged: q<[{ id: number }], never>(`insert into "transactionChanges" ("transactionId") values (@id)`),
  linkChanged: q<[{ customerId: number; casinoId: number }], never>(
    `insert into "linkChanges" ("customerId", "casinoId") values (@customerId, @casinoId)`,
  ),
  trimTransactionChanges: q<[{ keep: number }], never>(
    `delete from "transactionChanges" where seq <= (select max(seq) from "transactionChanges") - @keep`,
  ),
  trimLinkChanges: q<[{ keep: number }], never>(`delete from "linkChanges" where seq <= (select max(seq) from "linkChanges") - @keep`),
}));

/** The kept figures of one connection, as the ledger's write paths change them. */
export const keptFigures = perConnection((_q, sqlite) => {
  const s = statements(sqlite);
  /** A link's balances move (and so its casino's), and the link enters the link feed. */
  const link = (delta: LinkDelta) => {
    s.link.run(delta);
    s.casino.run({ casinoId: delta.casinoId, links: 0, unplayed: delta.unplayed, played: delta.played });
    s.linkChanged.run(delta);
  };
  /** `usd` over `count` transactions of a type at an hour (ISO, 13 characters): its day's, day type's, type's and hour's totals. */
  const totals = (at: { hour: string; typeId: number }, count: number, usd: number) => {
    const day = at.hour.slice(0, 10);
    s.day.run({ day, count, usd });
    s.dayType.run({ day, typeId: at.typeId, count, usd });
    s.type.run({ typeId: at.typeId, count, usd });
    s.hour.run({ hour: at.hour, count, usd });
  };
  return {
    link,
    totals,
    /** Sums of many rows at once (the import), one upsert per key. */
    day: (day: string, count: number, usd: number) => s.day.run({ day, count, usd }),
    dayType: (day: string, typeId: number, count: number, usd: number) => s.dayType.run({ day, typeId, count, usd }),
    type: (typeId: number, count: number, usd: number) => s.type.run({ typeId, count, usd }),
    hour: (hour: string, count: number, usd: number) => s.hour.run({ hour, count, usd }),
    /** Adds (`sign` 1) or removes (-1) one transaction from every figure it counts in, and records it in the transaction feed. */
    transaction(t: Counted & { id: number }, sign: 1 | -1): void {
      const { customerId, casinoId } = t;
      link({
        customerId,
        casinoId,
        unplayed: sign * t.unplayedCoinsChange,
        played: sign * t.playedCoinsChange,
        usd: sign * t.usdChange,
        count: sign,
        latest: sign === 1 ? t.date : null,
      });
      if (sign === -1) s.linkLatestWithout.run({ customerId, casinoId, id: t.id, date: t.date });
      totals({ hour: t.date.slice(0, 13), typeId: t.transactionTypeId }, sign, sign * t.usdChange);
      s.reconciled.run({ customerId, casinoId, date: t.date, unplayed: sign * t.unplayedCoinsChange, played: sign * t.playedCoinsChange });
      s.transactionChanged.run(t);
    },
    /**
     * A new transaction row whose sums the caller adds per key (the import): the reconciliations after
     * it count it, and it enters the transaction feed.
     */
    transactionInserted(t: Counted & { id: number }): void {
      const { customerId, casinoId } = t;
      s.reconciled.run({ customerId, casinoId, date: t.date, unplayed: t.unplayedCoinsChange, played: t.playedCoinsChange });
      s.transactionChanged.run(t);
    },
    /** A transaction row changed outside the ledger's code (a test's straight write, a repair): it enters the transaction feed. */
    transactionChanged(id: number): void {
      s.transactionChanged.run({ id });
    },
    /** A link changed outside the ledger's balances (a test's straight write, a repair): it enters the link feed. */
    linkChanged(customerId: number, casinoId: number): void {
      s.linkChanged.run({ customerId, casinoId });
    },
    /** A new link (balances zero): its casino counts one more, and the link enters the link feed. */
    linkAdded(customerId: number, casinoId: number): void {
      s.casino.run({ casinoId, links: 1, unplayed: 0, played: 0 });
      s.linkChanged.run({ customerId, casinoId });
      s.trimLinkChanges.run({ keep: KEEP_CHANGES });
    },
    /** Forgets the feeds' entries older than the newest KEEP_CHANGES (once per write, not per row). */
    trimFeeds(): void {
      s.trimTransactionChanges.run({ keep: KEEP_CHANGES });
      s.trimLinkChanges.run({ keep: KEEP_CHANGES });
    },
  };
});
