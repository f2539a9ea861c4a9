import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same work as a real check, so unknown emails cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-1A');
  await verifyPassword(await dummy, password);
}
