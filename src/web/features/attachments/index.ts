/** What other features use of attachments (decision 077). */
export { useAttachmentCount } from './attachment-counts';
export { AttachmentsPanel } from './attachments-panel';
export { PendingAttachments, uploadPending } from './pending-attachments';
