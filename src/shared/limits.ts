// How much a page or a read holds, and the other sizes the screens and the API's schemas share: zod-free,
// so a screen imports them without building the schemas (decision 223). The schema modules re-export them.

/** How many transactions' attachment counts one read answers (a page of History). */
export const ATTACHMENT_COUNTS_MAX = 500;
export const RECONCILIATIONS_PAGE_SIZE = 100;
/** The rows a report screen shows at once; the cards come from the matching summary procedure. */
export const REPORT_PAGE_SIZE = 100;
export const REDEMPTIONS_PAGE_SIZE = 50;
export const CHECK_IN_PAGE_SIZE = 100;
export const AUDIT_PAGE_SIZE = 100;
export const ACCESS_LOG_PAGE_SIZE = 100;
export const RECONCILIATION_PAGE_SIZE = 100;
export const DEFAULT_STALE_DAYS = 7;
export const NOTE_MAX = 2000;
/** Days the USD chart covers, ending today (office time zone). */
export const USD_CHART_DAYS = 90;
/** The longest an API token may live, in days. */
export const API_TOKEN_MAX_DAYS = 366;
