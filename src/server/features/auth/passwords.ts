import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { DomainError } from '../../errors/domain-errors';

/** argon2id with OWASP's parameters: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes at once: each holds 19 MiB, and more than one per core buys no throughput
 * (a burst of logins would otherwise take 4 x 19 MiB from libuv's four threads).
 */
const MAX_CONCURRENT = Math.max(1, Math.min(2, availableParallelism()));

/**
 * At most this many hashes wait for a slot (decision 011): about a second of work at 2 at a time. Past
 * that a request is answered 503 at once instead of queueing behind a flood.
 */
export const MAX_WAITING = 32;

/** How many hashes and verifications have been started (an operations figure; tests read it too). */
export const passwordWork = { started: 0 };

/**
 * Runs at most `max` of the given tasks at once; up to `maxWaiting` others wait in order, more are
 * refused. A task marked `first` (a sign-in from an address its account used lately) goes to the front
 * of the line and is never refused, so a flood from elsewhere delays it by at most the tasks running.
 */
export function concurrencyGate(max: number, maxWaiting = Infinity) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function gated<T>(work: () => Promise<T>, first = false): Promise<T> {
    // A finished task hands its slot straight to the next in line, so the count never overshoots.
    if (running >= max) {
      if (!first && waiting.length >= maxWaiting) {
        throw new DomainError('busy', 'The server is busy checking passwords. Try again in a moment.');
      }
      await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
    } else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const gate = concurrencyGate(MAX_CONCURRENT, MAX_WAITING);
const gated = <T>(work: () => Promise<T>, first = false) =>
  gate(() => {
    passwordWork.started += 1;
    return work();
  }, first);

export function hashPassword(password: string): Promise<string> {
  return gated(() => hash(password, OPTIONS));
}

/** `first`: the sign-in comes from an address known for the account (decision 011); it skips the line. */
export async function verifyPassword(passwordHash: string, password: string, first = false): Promise<boolean> {
  try {
    return await gated(() => verify(passwordHash, password), first);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the same work as a real check, so unknown emails cannot be told apart by timing (nor by a 503
 * that only they would get). The dummy hash is made once, outside the queue, so a full queue cannot
 * leave it failed.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hash('not-a-real-password-1A', OPTIONS);
  await verifyPassword(await dummy, password);
}
