import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { type ImportKind, XLSX_TYPE } from '../../../shared/import-fields';
import { importQuery } from '../../../shared/schemas/import';
import { sendTrpcError } from '../../http/errors';
import type { AppServices } from '../../trpc/context';
import { actorOf } from '../audit/audit.repository';
import type { ImportFormat } from './import-file';
import type { Importer } from './importer';

const FORMATS: Record<string, ImportFormat> = { 'text/csv': 'csv', [XLSX_TYPE]: 'xlsx' };
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

class TooLarge extends Error {}

/** How long an import's connection may stay silent while the import runs. */
const IMPORT_IDLE_MS = 10 * 60 * 1000;

/**
 * Copies the upload to `file` (a stream: never all in memory). Past `limit` bytes the rest is read and
 * dropped, so the request ends cleanly and is answered 413 (requestTimeout bounds how long that takes).
 */
async function spool(body: Readable, file: string, limit: number): Promise<void> {
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, bytes > limit ? undefined : chunk);
    },
  });
  await pipeline(body, count, fs.createWriteStream(file, { mode: 0o600 }));
  if (bytes > limit) throw new TooLarge();
}

/**
 * POST /api/import/transactions and /api/import/customers (the file as the body: text/csv or xlsx),
 * GET /api/import/{importId}/failed-rows.csv (decision 051). Staff and admins may import.
 */
export function registerImport(app: FastifyInstance, services: AppServices, importer: Importer): void {
  app.register(async (scope) => {
    // The body stays a stream here; the handler spools it to the data folder under the size limit.
    scope.addContentTypeParser(['text/csv', XLSX_TYPE], (_req, payload, done) => done(null, payload));

    scope.post(
      '/api/import/:kind',
      async (req: FastifyRequest<{ Params: { kind: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
        const kind = req.params.kind;
        if (kind !== 'transactions' && kind !== 'customers')
          return reply.code(404).send({ message: `Not found: POST ${req.url.split('?')[0]}` });
        // A large import works longer than the idle timeout of ordinary requests without sending a byte.
        // (app.inject's stand-in socket has no timeout to set)
        if (typeof req.raw.socket?.setTimeout === 'function') req.raw.socket.setTimeout(IMPORT_IDLE_MS);
        const limit = services.config.importMaxBytes;
        const tooLarge = () =>
          reply
            .code(413)
            .header('connection', 'close')
            .send({ message: `The file is larger than the import limit of ${megabytes(limit)} (IMPORT_MAX_BYTES)` });
        let spooled: string | null = null;
        let release = () => {};
        // A client that hangs up before its answer cancels its import (while it waits or reads the file)
        // and its upload is removed at once (decision 080).
        const hungUp = new AbortController();
        const onClose = () => {
          if (reply.raw.writableFinished) return;
          hungUp.abort();
          if (spooled) fs.rmSync(spooled, { force: true });
        };
        reply.raw.once('close', onClose);
        // Who imports, once some of the import is written (its batches commit one by one).
        let writer: number | null = null;
        try {
          // An import writes: a read-only API token may not (decision 104).
          const user = await services.sessions.requireUser(req.headers.authorization, 'write');
          const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
          const format = FORMATS[contentType];
          if (!format) return reply.code(415).send({ message: `Send the file as text/csv or ${XLSX_TYPE}` });
          let options;
          try {
            options = importQuery.parse(req.query);
          } catch (error) {
            if (error instanceof ZodError) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: error });
            throw error;
          }
          if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge();
          // A place in the import queue before the upload is taken in: past the queue, 429 at once.
          release = importer.reserve();
          spooled = importer.spoolFile(format);
          try {
            await spool(req.body as Readable, spooled, limit);
          } catch (error) {
            if (error instanceof TooLarge) return tooLarge();
            throw error;
          }
          const result = await importer.run(
            { kind: kind as ImportKind, file: spooled, format, options, actor: actorOf(user) },
            hungUp.signal,
            () => (writer = user.id),
          );
          if (!result.dryRun && !result.committed) {
            return reply.code(400).send({
              message: `Nothing was imported: ${result.invalid} ${result.invalid === 1 ? 'row has' : 'rows have'} errors`,
              ...result,
            });
          }
          return reply.code(result.committed ? 201 : 200).send(result);
        } catch (error) {
          if (hungUp.signal.aborted) return reply;
          return sendTrpcError(reply, error, req);
        } finally {
          // One event for the whole import once any of it committed, also when it stopped partway and kept
          // its earlier batches (decision 150).
          if (writer !== null) services.changes.emit({ kind: 'import.committed' }, writer);
          release();
          reply.raw.off('close', onClose);
          if (spooled) fs.rmSync(spooled, { force: true });
        }
      },
    );

    scope.get(
      '/api/import/:importId/failed-rows.csv',
      async (req: FastifyRequest<{ Params: { importId: string } }>, reply: FastifyReply) => {
        const user = await services.sessions.userFor(req.headers.authorization);
        if (!user) return reply.code(401).send({ message: 'Unauthorized' });
        const file = importer.failedRows(req.params.importId);
        if (!file) return reply.code(404).send({ message: 'No failed rows for this import' });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="failed-rows.csv"`)
          .header('cache-control', 'no-store')
          .send(fs.createReadStream(file));
      },
    );
  });
}
