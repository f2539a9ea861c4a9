import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/** One file of the web build, with the brotli and gzip copies the build wrote beside it (decision 171). */
interface BuiltFile {
  type: string;
  /** The content's hash, quoted: a page asked for again with it is answered 304, no body. */
  etag: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The types of what `vite build` writes; anything else goes out as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * Every file of the web build, read once when the server starts (decision 254): the build does not change
 * under a running server, and a page's eight or nine files then go out without a file-system call each (a
 * phone's first load waited about 20 ms a file for them while the machine was busy). About 3 MB with the
 * compressed copies. Keys are paths below the build's folder with `/` separators: `assets/early-1a2b.js`.
 */
export function readBuild(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
        const plain = fs.readFileSync(file);
        files.set(path.relative(root, file).split(path.sep).join('/'), {
          type: TYPES[path.extname(entry.name)] ?? 'application/octet-stream',
          etag: `"${crypto.createHash('sha1').update(plain).digest('base64url')}"`,
          plain,
          br: copy('.br'),
          gzip: copy('.gz'),
        });
      }
    }
  };
  walk(root);
  return files;
}

/** The encodings an Accept-Encoding header takes (a `;q=0` refuses one). */
function accepted(header: string | string[] | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part
      .toLowerCase()
      .split(';')
      .map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) names.add(name);
  }
  return names;
}

/**
 * Sends a built file in the smallest encoding the browser takes: brotli, then gzip, then as it is; 304
 * when the browser has this content already (a page, which it asks for again each visit).
 */
export function sendBuilt(reply: FastifyReply, file: BuiltFile, cacheControl: string): FastifyReply {
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').header('etag', file.etag);
  if (reply.request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const takes = accepted(reply.request.headers['accept-encoding']);
  const [encoding, body] =
    file.br && takes.has('br') ? ['br', file.br] : file.gzip && takes.has('gzip') ? ['gzip', file.gzip] : [undefined, file.plain];
  reply.type(file.type);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
