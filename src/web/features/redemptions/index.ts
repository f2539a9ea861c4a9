/** What other features use of redemptions (decision 077: no feature imports another's internals). */
export { RequestRedemptionDialog, type RedemptionTarget } from './request-redemption-dialog';
export { PendingRedemptions } from './pending-redemptions';
