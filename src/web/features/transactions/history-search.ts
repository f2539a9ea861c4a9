/** The History screen's filters and page, kept in the URL. */
export interface HistorySearch {
  customerId?: number;
  casinoId?: number;
  transactionTypeId?: number;
  startDate?: string;
  endDate?: string;
  page?: number;
}

const positive = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** Drops anything that is not a valid filter value, so a hand-edited URL cannot break the screen. */
export function validateHistorySearch(search: Record<string, unknown>): HistorySearch {
  const out: HistorySearch = {
    customerId: positive(search.customerId),
    casinoId: positive(search.casinoId),
    transactionTypeId: positive(search.transactionTypeId),
    startDate: day(search.startDate),
    endDate: day(search.endDate),
    page: positive(search.page),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as HistorySearch;
}
