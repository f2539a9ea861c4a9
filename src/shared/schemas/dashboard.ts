/** The Dashboard charts' data: small, fixed-size answers computed on the server. */

/** Days the USD chart covers, ending today (office time zone). */
export const USD_CHART_DAYS = 90;
/** Casinos the SC chart shows, largest balances first. */
export const SC_CHART_CASINOS = 20;
