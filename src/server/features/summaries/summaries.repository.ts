import { localDay, previousDay } from '../../../shared/dates';
import { highScUsdHundredths } from '../../../shared/ledger';
import { formatHundredths } from '../../../shared/money';
import type { CasinoSummary, CustomerSummary, LinkFigures, SummaryTotals } from '../../../shared/schemas/summaries';
import { activeAsBoolean } from '../../db/active-flag';
import type { Db } from '../../db/types';
import { notFound } from '../../errors/domain-errors';
import { streakOf } from '../check-ins/check-ins.repository';
import { inTransitByLink } from '../redemptions/redemptions.repository';

/** A link's stored balances and latest entry, as both pages read them. */
interface LinkRowFigures {
  customerId: number;
  casinoId: number;
  status: LinkFigures['status'];
  currentUnplayedCoins: number;
  currentPlayedCoins: number;
  lastActivityAt: string | null;
}

/** A link's figures in hundredths: its balances, their USD value (as High SC has it) and its USD in transit. */
function figuresOf(row: LinkRowFigures, transit: Map<string, number>) {
  return {
    unplayed: row.currentUnplayedCoins,
    played: row.currentPlayedCoins,
    usdValue: highScUsdHundredths(row.currentUnplayedCoins, row.currentPlayedCoins),
    inTransit: transit.get(`${row.customerId}:${row.casinoId}`) ?? 0,
  };
}
type Figures = ReturnType<typeof figuresOf>;

const viewOf = (row: LinkRowFigures, f: Figures): LinkFigures => ({
  status: row.status,
  unplayedCoins: formatHundredths(f.unplayed),
  playedCoins: formatHundredths(f.played),
  totalCoins: formatHundredths(f.unplayed + f.played),
  usdValue: formatHundredths(f.usdValue),
  inTransitUsd: formatHundredths(f.inTransit),
  lastActivityAt: row.lastActivityAt,
});

/** The page's totals: the links' figures summed (each USD value rounded first, as the High SC cards) and the USD split. */
function totalsOf(figures: Figures[], usd: { purchases: number; redemptions: number }): SummaryTotals {
  const sum = (pick: (f: Figures) => number) => figures.reduce((s, f) => s + pick(f), 0);
  const unplayed = sum((f) => f.unplayed);
  const played = sum((f) => f.played);
  return {
    unplayedCoins: formatHundredths(unplayed),
    playedCoins: formatHundredths(played),
    totalCoins: formatHundredths(unplayed + played),
    usdValue: formatHundredths(sum((f) => f.usdValue)),
    inTransitUsd: formatHundredths(sum((f) => f.inTransit)),
    purchasesUsd: formatHundredths(usd.purchases),
    redemptionsUsd: formatHundredths(usd.redemptions),
    netUsd: formatHundredths(usd.purchases + usd.redemptions),
  };
}

/**
 * All-time USD out (negative changes) and in (positive) of a customer or a casino: two range sums over a
 * covering index ("transactionsCustomerUsd", "transactionsCasinoUsd"), never a walk over the rows.
 */
async function usdSplit(db: Db, column: 'customerId' | 'casinoId', id: number) {
  const side = (op: '<' | '>') =>
    db
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('usdChange'), eb.val(0)).as('usd'))
      .where(column, '=', id)
      .where('usdChange', op, 0)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.usd));
  const [purchases, redemptions] = await Promise.all([side('<'), side('>')]);
  return { purchases, redemptions };
}

const linkColumns = [
  'l.customerId',
  'l.casinoId',
  'l.status',
  'l.currentUnplayedCoins',
  'l.currentPlayedCoins',
  'l.lastActivityAt',
] as const;

/** GET /api/customers/{id}/summary: the customer, each linked casino's figures, and their totals. */
export async function customerSummary(db: Db, id: number, timeZone: string, now = new Date()): Promise<CustomerSummary> {
  const customer = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!customer) throw notFound('Customer not found');
  const running = previousDay(localDay(now, timeZone));
  const [rows, transit, usd] = await Promise.all([
    db
      .selectFrom('customerCasinos as l')
      .innerJoin('casinos as k', 'k.id', 'l.casinoId')
      .select([...linkColumns, 'k.name as casinoName', 'l.lastCheckInAt', 'l.lastReconciledAt', streakOf(running).as('streak')])
      .where('l.customerId', '=', id)
      .orderBy('k.name')
      .orderBy('l.casinoId')
      .execute(),
    inTransitByLink(db, { customerId: id }),
    usdSplit(db, 'customerId', id),
  ]);
  const figures = rows.map((r) => figuresOf(r, transit));
  return {
    customer: activeAsBoolean(customer),
    links: rows.map((r, i) => ({
      casinoId: r.casinoId,
      casinoName: r.casinoName,
      ...viewOf(r, figures[i]),
      lastCheckInAt: r.lastCheckInAt,
      streak: Number(r.streak),
      reconciledAt: r.lastReconciledAt,
    })),
    totals: totalsOf(figures, usd),
  };
}

/** GET /api/casinos/{id}/summary: the casino, each linked customer's figures, and their totals. */
export async function casinoSummary(db: Db, id: number): Promise<CasinoSummary> {
  const casino = await db.selectFrom('casinos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!casino) throw notFound('Casino not found');
  const [rows, transit, usd] = await Promise.all([
    db
      .selectFrom('customerCasinos as l')
      .innerJoin('customers as c', 'c.id', 'l.customerId')
      .select([...linkColumns, 'c.name as customerName'])
      .where('l.casinoId', '=', id)
      .orderBy('c.name')
      .orderBy('l.customerId')
      .execute(),
    inTransitByLink(db, { casinoId: id }),
    usdSplit(db, 'casinoId', id),
  ]);
  const figures = rows.map((r) => figuresOf(r, transit));
  return {
    casino: activeAsBoolean(casino),
    links: rows.map((r, i) => ({ customerId: r.customerId, customerName: r.customerName, ...viewOf(r, figures[i]) })),
    totals: totalsOf(figures, usd),
  };
}
