/** What other screens use of the account feature (decision 077). */
export { ApiTokensPanel } from './api-tokens-panel';
export { PasswordPanel } from './password-panel';
export { SessionsPanel } from './sessions-panel';
export { TwoFactorPanel } from './two-factor-panel';
export { TwoFactorSetup, type SetupCalls } from './two-factor-setup';
export { CodeStep, SetupStep } from './login-second-step';
