import { z } from 'zod';
import { LINK_STATUSES, type LinkStatus } from '../constants';
import { id, requiredId } from './common';

export const listLinksInput = z.strictObject({ customerId: id.optional() }).optional();
export const setLinkInput = z.strictObject({
  customerId: requiredId('Customer is required'),
  casinoId: requiredId('Casino is required'),
  status: z.enum(LINK_STATUSES, { error: 'Status must be active, inactive, banned or locked' }),
});
export type SetLinkInput = z.input<typeof setLinkInput>;

export interface LinkView {
  customerId: number;
  casinoId: number;
  status: LinkStatus;
  currentUnplayedCoins: string;
  currentPlayedCoins: string;
}

/** Participation's "Create missing links" (decision 041): for one customer, or all when customerId is left out. */
export const createMissingLinksInput = z.strictObject({
  masterUserId: requiredId('Select a master user'),
  customerId: id.optional(),
  status: z.enum(['inactive', 'active'], { error: 'Status must be inactive or active' }).default('inactive'),
});
export type CreateMissingLinksInput = z.input<typeof createMissingLinksInput>;
