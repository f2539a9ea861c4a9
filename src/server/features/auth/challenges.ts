import crypto from 'node:crypto';

/** How long a two-step sign-in waits for its code, and how many wrong codes it survives (decision 102). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_FAILURES = 5;
/** Challenges kept at most (each is a right password): past it the oldest go. */
const MAX_CHALLENGES = 10_000;

export interface Challenge {
  userId: number;
  email: string;
  expiresAt: number;
  failures: number;
}

/**
 * The sign-ins whose password was right and whose second step is awaited, in memory: a challenge lives
 * five minutes, and a restart only asks those few people for their password again.
 */
export class Challenges {
  private readonly open = new Map<string, Challenge>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  create(userId: number, email: string): string {
    if (this.open.size >= MAX_CHALLENGES) this.sweep();
    const token = crypto.randomBytes(32).toString('base64url');
    this.open.set(token, { userId, email, expiresAt: this.now() + CHALLENGE_TTL_MS, failures: 0 });
    return token;
  }

  /** The open challenge a token names, or null (unknown, expired, or killed by wrong codes). */
  find(token: string): Challenge | null {
    const challenge = this.open.get(token);
    if (!challenge) return null;
    if (this.now() >= challenge.expiresAt) {
      this.open.delete(token);
      return null;
    }
    return challenge;
  }

  /** Counts a wrong code; answers how many tries are left (0: the challenge is gone). */
  fail(token: string): number {
    const challenge = this.find(token);
    if (!challenge) return 0;
    challenge.failures += 1;
    const left = CHALLENGE_MAX_FAILURES - challenge.failures;
    if (left <= 0) this.open.delete(token);
    return Math.max(0, left);
  }

  /** Spends the challenge; false when it was no longer open (another request spent it). */
  consume(token: string): boolean {
    return this.find(token) !== null && this.open.delete(token);
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, c] of this.open) if (now >= c.expiresAt) this.open.delete(token);
    while (this.open.size >= MAX_CHALLENGES) this.open.delete(this.open.keys().next().value as string);
  }
}
