import multipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ZodError } from 'zod';
import { ATTACHMENT_TYPES, type AttachmentType, attachmentIdInput, attachmentOwnerInput } from '../../../shared/schemas/attachments';
import { sendTrpcError } from '../../http/errors';
import type { Db } from '../../db/types';
import type { AppServices } from '../../trpc/context';
import { attachmentContent, storeAttachment } from './attachments.repository';
import { contentDisposition } from './content-disposition';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const isAccepted = (mime: string | undefined): mime is AttachmentType => ATTACHMENT_TYPES.some((t) => t === mime);
const NAME_MAX = 255;

/** A zod failure of a route outside tRPC, answered as the procedures' 400 is. */
function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ZodError) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: error });
    throw error;
  }
}

/**
 * POST /api/attachments (multipart: `file` and exactly one owner field) and GET
 * /api/attachments/{id}/content (decision 192). The file is taken into memory only up to
 * ATTACHMENT_MAX_BYTES; its type is read from its bytes (file-type), never its name or declared type.
 */
export function registerAttachments(app: FastifyInstance, db: Db, services: AppServices): void {
  const limit = services.config.attachmentMaxBytes;
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: limit, files: 1, fields: 8, fieldSize: 100, parts: 9 } });

    scope.post('/api/attachments', async (req: FastifyRequest, reply: FastifyReply) => {
      const tooLarge = () =>
        reply
          .code(413)
          .header('connection', 'close')
          .send({ message: `The file is larger than the attachment limit of ${sizeText(limit)} (ATTACHMENT_MAX_BYTES)` });
      try {
        const user = await services.sessions.requireUser(req.headers.authorization, 'write');
        if (!req.isMultipart()) return reply.code(415).send({ message: 'Send the file as multipart/form-data' });
        // The whole form is a little more than the file; a larger declared length is refused before reading.
        if (Number(req.headers['content-length'] ?? 0) > limit + 64 * 1024) return tooLarge();
        const fields: Record<string, string> = {};
        let file: { name: string; bytes: Buffer } | null = null;
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              return reply
                .code(400)
                .send({ message: 'Validation failed', errors: [{ path: 'file', message: 'Send one file, as the field "file"' }] });
            }
            const bytes = await part.toBuffer().catch((error: unknown) => {
              if (error instanceof scope.multipartErrors.RequestFileTooLargeError) return null;
              throw error;
            });
            if (bytes === null || part.file.truncated) return tooLarge();
            file = { name: part.filename, bytes };
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
        const owner = parsed(() => attachmentOwnerInput.parse(fields));
        if (!file || file.bytes.length === 0)
          return reply.code(400).send({ message: 'Validation failed', errors: [{ path: 'file', message: 'A file is required' }] });
        const type = (await fileTypeFromBuffer(file.bytes))?.mime;
        if (!isAccepted(type)) return reply.code(415).send({ message: 'Only PNG, JPEG, WebP and PDF files can be attached' });
        // The name is shown, never used as a path: kept as sent, within a length a list can show.
        const name = file.name.slice(0, NAME_MAX) || 'file';
        const view = await storeAttachment(db, owner, { name, type, bytes: file.bytes }, user);
        const about = owner.field === 'reconciliationId' ? {} : { [owner.field]: owner.id };
        services.changes.emit({ kind: 'attachment.changed', ...about }, user.id);
        return reply.code(201).send(view);
      } catch (error) {
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) return tooLarge();
        return sendTrpcError(reply, error, req);
      }
    });

    scope.get('/api/attachments/:id/content', async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      try {
        const user = await services.sessions.requireUser(req.headers.authorization, 'read');
        const { id } = parsed(() => attachmentIdInput.parse({ id: req.params.id }));
        const file = await attachmentContent(db, id, user);
        return (
          reply
            .header('content-type', file.type)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, no-store')
            .header('content-disposition', contentDisposition(file.name))
            // Shown in the browser's own viewer, never run as a page of this site.
            .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
            .send(file.content)
        );
      } catch (error) {
        return sendTrpcError(reply, error, req);
      }
    });
  });
}
