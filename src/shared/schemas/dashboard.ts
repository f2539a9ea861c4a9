/** The Dashboard charts' data (issue 15): small, fixed-size answers computed on the server. */

/** Days the USD chart covers, ending today (office time zone). */
export const USD_CHART_DAYS = 90;
/** Casinos the SC chart shows, largest balances first. */
export const SC_CHART_CASINOS = 20;

export interface UsdDay {
  /** YYYY-MM-DD, office time zone. */
  day: string;
  /** Sum of the day's usdChange, decimal string. */
  usd: string;
  entries: number;
}

export interface CasinoBalance {
  casinoId: number;
  casinoName: string;
  unplayed: string;
  played: string;
  total: string;
}

export interface StaffEntries {
  userId: number | null;
  name: string;
  entries: number;
}
