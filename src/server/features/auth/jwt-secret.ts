import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_FILE } from '../../db/file-modes';

/** JWT_SECRET when configured; otherwise a secret generated once into the data folder. */
export function loadJwtSecret(configured: string | undefined, dataDir: string | null): string {
  if (configured) return configured;
  if (!dataDir) return crypto.randomBytes(48).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    makePrivateDir(dataDir);
    fs.writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE, flag: 'wx' });
    return secret;
  }
}
