/** What other features use of customer-casinos (decision 077: no feature imports another's internals). */
export { ReconcileDialog, type ReconcileTarget } from './reconcile-dialog';
export { BrokenReconciliations, BrokenReconciliationsNotice } from './broken-reconciliations';
