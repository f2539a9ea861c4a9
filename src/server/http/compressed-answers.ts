import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Smaller answers go out as they are: compressing them saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * The web app's tRPC answers, compressed when the browser accepts it (decision 173): a phone on a slow
 * line waited seconds for a report's 575 KB of JSON, which brotli sends as about a tenth. Compression runs
 * on libuv's thread pool (zlib's async calls), at a fast level, so the main thread only hands the bytes
 * over. Clients that do not ask for it (scripts, the office benchmark's readers) get the answer as before.
 */
export function registerCompressedAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    // tRPC's Fastify adapter answers with a fetch Response, the reads answered before it (read-answers.ts)
    // with their JSON text; nothing else is touched.
    const text = typeof payload === 'string';
    if (!(payload instanceof Response || text) || !req.url.startsWith('/trpc/')) return payload;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding || (!text && payload.body === null)) return payload;
    const body = text ? Buffer.from(payload) : Buffer.from(await payload.arrayBuffer());
    if (!text) {
      reply.code(payload.status);
      payload.headers.forEach((value, name) => void reply.header(name, value));
    }
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    if (body.length < MIN_BYTES) return body;
    reply.removeHeader('content-length');
    reply.header('content-encoding', encoding);
    return encoding === 'br' ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzip(body, { level: 6 });
  });
}
