import { Writable } from 'node:stream';
import { openReadOnly } from '../../src/server/db/database';
import { exportSheet } from '../../src/server/features/exports/export-sheets';
import { type ExportFormat, writeExport } from '../../src/server/features/exports/export-writer';

/**
 * `npx tsx scripts/bench/export-cpu.ts FILE [csv|xlsx]`: the export of every History row written to nowhere
 * on one thread, with its CPU time (which holds on a busy machine, where the wall time does not).
 */
const { db } = openReadOnly(process.argv[2]);
const format: ExportFormat = process.argv[3] === 'xlsx' ? 'xlsx' : 'csv';
let bytes = 0;
const out = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    bytes += chunk.length;
    callback();
  },
});
const cpu = process.cpuUsage();
const wall = performance.now();
const rows = await writeExport(
  exportSheet(db, { kind: 'transactions', input: {} }, 'UTC', new Date().toISOString().slice(0, 10)),
  format,
  out,
  { timeZone: 'UTC' },
);
const used = process.cpuUsage(cpu);
console.log(
  `${rows} rows, ${(bytes / 2 ** 20).toFixed(1)} MB of ${format}: ${((used.user + used.system) / 1000).toFixed(0)} ms of CPU, ${(performance.now() - wall).toFixed(0)} ms wall`,
);
