/** What other features use of auth (decision 077: no feature imports another's internals). */
export { PasswordChecklist } from './password-checklist';
