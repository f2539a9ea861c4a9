import { z } from 'zod';
import { id, idNumber } from './common';
import { ATTACHMENT_COUNTS_MAX } from '../limits';

/** The files an attachment may be, recognised from their bytes (decision 192). */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const ATTACHMENT_OWNERS = ['transactionId', 'redemptionId', 'reconciliationId', 'customerId'] as const;
export type AttachmentOwnerField = (typeof ATTACHMENT_OWNERS)[number];
export type AttachmentOwner = { field: AttachmentOwnerField; id: number };

export const ONE_OWNER_MESSAGE = 'Give exactly one of transactionId, redemptionId, reconciliationId and customerId';

/** Exactly one owner, from a query or a form's fields. */
export const attachmentOwnerInput = z
  .strictObject({
    transactionId: id.optional(),
    redemptionId: id.optional(),
    reconciliationId: id.optional(),
    customerId: id.optional(),
  })
  .transform((v, ctx): AttachmentOwner => {
    const given = ATTACHMENT_OWNERS.filter((f) => v[f] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({ code: 'custom', message: ONE_OWNER_MESSAGE, path: ['transactionId'] });
      return z.NEVER;
    }
    return { field: given[0], id: v[given[0]]! };
  });

export const attachmentIdInput = z.strictObject({ id });

export const attachmentCountsInput = z.strictObject({
  transactionIds: z.array(id).max(ATTACHMENT_COUNTS_MAX, { error: `At most ${ATTACHMENT_COUNTS_MAX} ids` }),
});

export const attachmentView = z.object({
  id: idNumber,
  name: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  createdByUserId: idNumber,
});
export type AttachmentView = z.infer<typeof attachmentView>;

/** Each transaction's number of attachments, by its id. */
export const attachmentCountsView = z.record(z.string(), z.number().int());
