import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

const require = createRequire(import.meta.url);
type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };
type SaxesParser = { on: (name: string, handler: (value: never) => void) => void; write: (text: string) => void };

/**
 * exceljs's XML reader (lib/utils/parse-sax.js) as it is, but decoding each part of a workbook as one UTF-8
 * stream: exceljs decodes each chunk on its own, so a character of two or more bytes that fell across two
 * chunks ("í" in "García") came out as two replacement characters, and the row named another customer. Where
 * the chunks end depends on the machine's load (the zip's parts are inflated as they are read), so the same
 * file could read right or wrong (decision 258).
 */
async function* parseSax(source: AsyncIterable<Buffer | string> | Readable): AsyncGenerator<SaxEvent[]> {
  // A stream of the older kind, without async iteration, through one that has it (as exceljs does).
  const iterable: AsyncIterable<Buffer | string> = Symbol.asyncIterator in source ? source : (source as Readable).pipe(new PassThrough());
  const saxesModule = createRequire(require.resolve('exceljs'))('saxes') as { SaxesParser: new () => SaxesParser };
  const parser = new saxesModule.SaxesParser();
  const decoder = new TextDecoder('utf-8');
  let error: unknown;
  let events: SaxEvent[] = [];
  parser.on('error', (err: never) => void (error = err));
  parser.on('opentag', (value: never) => events.push({ eventType: 'opentag', value }));
  parser.on('text', (value: never) => events.push({ eventType: 'text', value }));
  parser.on('closetag', (value: never) => events.push({ eventType: 'closetag', value }));
  for await (const chunk of iterable) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (error) throw error;
    yield events;
    events = [];
  }
  const rest = decoder.decode();
  if (rest) {
    parser.write(rest);
    if (error) throw error;
    yield events;
  }
}

let loaded: Promise<typeof ExcelJS> | null = null;

/**
 * exceljs, with its XML reader replaced by `parseSax` above before any of its modules take it (they read it
 * once, as they load): every use of exceljs in the server loads it through here. Loaded on first use, as it
 * holds tens of MB.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loaded ??= (async () => {
    const file = path.join(path.dirname(require.resolve('exceljs/package.json')), 'lib/utils/parse-sax.js');
    if (!require.cache[file]) require(file);
    const cached = require.cache[file];
    if (!cached) throw new Error('exceljs: its XML reader was not found');
    cached.exports = parseSax;
    return (await import('exceljs')).default;
  })();
  return loaded;
}
