import { TRPCError } from '@trpc/server';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_THROTTLE_WINDOW_MS,
} from '../../../shared/constants';

interface Window {
  failures: number;
  startedAt: number;
}

/**
 * Counts failed logins per account (email) and per address inside a sliding window. Once either
 * reaches its limit, further attempts are refused with 429 before the password is even checked.
 */
export class LoginThrottle {
  private readonly accounts = new Map<string, Window>();
  private readonly addresses = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  assertAllowed(ip: string, email: string): void {
    const blocked =
      this.count(this.accounts, email.toLowerCase()) >= LOGIN_MAX_FAILURES_PER_ACCOUNT ||
      this.count(this.addresses, ip) >= LOGIN_MAX_FAILURES_PER_ADDRESS;
    if (blocked) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many failed sign-in attempts. Try again in ${Math.round(LOGIN_THROTTLE_WINDOW_MS / 60000)} minutes.`,
      });
    }
  }

  recordFailure(ip: string, email: string): void {
    this.bump(this.accounts, email.toLowerCase());
    this.bump(this.addresses, ip);
  }

  recordSuccess(email: string): void {
    this.accounts.delete(email.toLowerCase());
  }

  private count(map: Map<string, Window>, key: string): number {
    const entry = map.get(key);
    if (!entry) return 0;
    if (this.now() - entry.startedAt > LOGIN_THROTTLE_WINDOW_MS) {
      map.delete(key);
      return 0;
    }
    return entry.failures;
  }

  private bump(map: Map<string, Window>, key: string): void {
    const failures = this.count(map, key);
    const entry = map.get(key);
    if (entry) entry.failures = failures + 1;
    else map.set(key, { failures: 1, startedAt: this.now() });
    if (map.size > 50_000) this.prune(map);
  }

  private prune(map: Map<string, Window>): void {
    for (const key of [...map.keys()]) this.count(map, key);
  }
}
