import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** JWT_SECRET when configured; otherwise a secret generated once into the data folder. */
export function loadJwtSecret(configured: string | undefined, dataDir: string | null): string {
  if (configured) return configured;
  if (!dataDir) return crypto.randomBytes(48).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
