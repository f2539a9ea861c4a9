import { z } from 'zod';
import {
  attachmentCountsInput,
  attachmentCountsView,
  attachmentIdInput,
  attachmentOwnerInput,
  attachmentView,
} from '../../../shared/schemas/attachments';
import { authedProcedure, router } from '../../trpc/procedures';
import { attachmentCounts, deleteAttachment, listAttachments } from './attachments.repository';

/**
 * Attachments' list, counts and delete (decision 192). Uploads and downloads are plain HTTP routes
 * (attachments.routes.ts): a multipart body in, bytes out.
 */
export const attachmentsRouter = router({
  list: authedProcedure
    .input(attachmentOwnerInput)
    .output(z.array(attachmentView))
    .query(({ ctx, input }) => listAttachments(ctx.db, input, ctx.user)),
  /** For History's paperclips: the counts of the transactions on screen (live ones, which anyone signed in may read). */
  counts: authedProcedure
    .input(attachmentCountsInput)
    .output(attachmentCountsView)
    .query(({ ctx, input }) => attachmentCounts(ctx.db, input.transactionIds)),
  delete: authedProcedure
    .input(attachmentIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteAttachment(ctx.db, input.id, ctx.user)),
});
