import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/types';

/** RFC 6238 as Google Authenticator, 1Password and Authy expect: 30 s steps, 6 digits, SHA-1. */
const totp = (secret: string, label = '') =>
  new TOTP({ issuer: 'Coin Ledger', label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new secret: 160 random bits (RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secret: string, email: string): string => totp(secret, email).toString();

/**
 * The time step of `code` when it is valid now for `secret`, one step either side allowed for clocks
 * that drift; null otherwise.
 */
export function codeStep(secret: string, code: string, now: number): number | null {
  const t = totp(secret);
  const delta = t.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

/**
 * Accepts a code of the user's second step once: its step must be later than the last accepted one, and
 * the step is kept in the same statement, so a code (or an earlier one) presented again is refused.
 */
export async function acceptTotpCode(db: Db, userId: number, code: string, now: number): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('twoFactorSecret')
    .where('id', '=', userId)
    .where('twoFactorEnabledAt', 'is not', null)
    .executeTakeFirst();
  if (!user?.twoFactorSecret) return false;
  const step = codeStep(user.twoFactorSecret, code, now);
  if (step === null) return false;
  const kept = await db
    .updateTable('users')
    .set({ twoFactorLastStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('twoFactorLastStep', 'is', null), eb('twoFactorLastStep', '<', step)]))
    .executeTakeFirst();
  return kept.numUpdatedRows > 0n;
}

export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A recovery code as shown: 20 base32 characters (100 random bits) in four groups of five. */
function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(20);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
/** 100 random bits leave nothing to guess: a plain SHA-256 keeps them (decision 102). */
const hashOf = (code: string) => crypto.createHash('sha256').update(normalise(code)).digest('hex');

/** Replaces the user's recovery codes with ten new ones (inside the caller's transaction); answers them. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('recoveryCodes')
    .values(codes.map((code) => ({ userId, codeHash: hashOf(code), usedAt: null })))
    .execute();
  return codes;
}

/** Spends one unused recovery code of the user; answers how many are left, or null when it was not one. */
export async function useRecoveryCode(db: Db, userId: number, code: string, now: Date): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('recoveryCodes')
      .set({ usedAt: now.toISOString() })
      .where('userId', '=', userId)
      .where('codeHash', '=', hashOf(code))
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) return null;
    const left = await trx
      .selectFrom('recoveryCodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(left.n);
  });
}

/** Turns the second step off (inside the caller's transaction): secret, step and codes go. */
export async function clearTwoFactor(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
}

/** Whether REQUIRE_TWO_FACTOR covers a user of this role. */
export const twoFactorRequired = (setting: 'off' | 'admins' | 'all', role: string): boolean =>
  setting === 'all' || (setting === 'admins' && role === 'admin');
