/** Business constants of spec section 9, named once. */
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_REDIRECT_DELAY_MS = 3000;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const USERS_ACCESS_DENIED_DELAY_MS = 1000;
export const PROFITABILITY_ACCESS_DENIED_DELAY_MS = 2000;
export const DEFAULT_SC_RATIO = 1000;
export const DEFAULT_HIGH_SC_THRESHOLD = 100;
export const HIGH_SC_USD_FACTOR = 1000;
export const PURCHASE_RATIO_THRESHOLD = 1.1;
export const DASHBOARD_FETCH_LIMIT = 10;
export const DASHBOARD_RECENT_SHOWN = 5;
export const RECENT_PANEL_FETCH_LIMIT = 50;
export const RECENT_PANEL_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 100;
export const MAX_ERRORS_SHOWN = 5;
export const MAX_ERROR_MESSAGE_LENGTH = 200;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** Reset links expire one hour after they are sent. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Login throttling (decision 010): failures per account from one address, per address, and per account
 * from addresses that have not signed in to it lately, inside the window. An attempt counts as a
 * failure from the moment it starts until its password is found right.
 */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** An address that signed in to an account is not held back by that account's overall limit for this long. */
export const LOGIN_KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** Sign-in and reset attempts one address may have being checked at the same time. */
export const AUTH_MAX_CONCURRENT_PER_ADDRESS = 4;
/** Invalid reset links one address may present inside the window. */
export const RESET_MAX_FAILURES_PER_ADDRESS = 20;

/** Calls one tRPC batch may hold (GET or POST); the web client splits its batches to fit. */
export const TRPC_MAX_BATCH_CALLS = 10;

export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];
/** The roles as pickers offer them (staff, the usual choice, first), each with its label. */
export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admin' },
];

/**
 * The value of a filter's "All ..." option. Never a real option's value: those are ids, statuses, or
 * transaction type names, and a type may be called "all" (hence the underscores).
 */
export const ALL_OPTION = '__all__';
export const LINK_STATUSES = ['active', 'inactive', 'banned', 'locked'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Links one "Create missing links" request creates at most; the rest wait for the next press (decision 044). */
export const MAX_LINKS_PER_REQUEST = 2000;
/** A redemption's life (decision 060): pending until received, rejected or cancelled; the three are final. */
export const REDEMPTION_STATUSES = ['pending', 'received', 'rejected', 'cancelled'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
/** The payout-time report looks back this many days. */
export const PAYOUT_WINDOW_DAYS = 180;
/** The transaction type names the redemption and check-in steps write (created for a casino when missing). */
export const WITHDRAW_TYPE = 'Withdraw';
export const CHECK_IN_TYPE = 'Check-in';
