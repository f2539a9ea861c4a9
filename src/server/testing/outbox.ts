import fs from 'node:fs';
import path from 'node:path';

/** The newest mail in a data folder's outbox, decoded from quoted-printable, with its reset token. */
export function latestOutboxMail(dataDir: string): { text: string; token: string } {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  if (!files.length) throw new Error(`no mail in ${outbox}`);
  const raw = fs.readFileSync(path.join(outbox, files[files.length - 1]), 'utf8');
  const text = decodeQuotedPrintable(raw);
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error('the newest mail holds no reset link');
  return { text, token };
}

/** Undoes a mail's quoted-printable soft breaks and escapes (enough for ASCII links). */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
