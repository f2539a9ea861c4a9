/** What other screens use of the account feature (decision 077). */
export { ApiTokensPanel } from './api-tokens-panel';
export { PasswordPanel } from './password-panel';
export { SessionsPanel } from './sessions-panel';
export { TwoFactorPanel } from './two-factor-panel';
