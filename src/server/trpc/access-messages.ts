/** Refused to a sign-in that REQUIRE_TWO_FACTOR holds to setting up its second step (decision 102). */
export const SETUP_FIRST = 'Turn on two-step sign-in to continue';
/** Refused to API tokens: they act for scripts, never on accounts (decision 104). */
export const NO_TOKENS = 'API tokens cannot manage sign-ins, passwords, two-step sign-in, API tokens or users';
/** Refused to a read-only API token on any write. */
export const READ_ONLY_TOKEN = 'This API token may only read';
