/** What other features use of transactions (decision 077: no feature imports another's internals). */
export { activeCasinosOf } from './form-state';
