import {
  AUTH_MAX_CONCURRENT_PER_ADDRESS,
  LOGIN_KNOWN_ADDRESS_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_THROTTLE_WINDOW_MS,
  RESET_MAX_FAILURES_PER_ADDRESS,
} from '../../../shared/constants';
import { DomainError } from '../../errors/domain-errors';
import { FailureWindows } from './failure-windows';

const minutes = Math.round(LOGIN_THROTTLE_WINDOW_MS / 60000);
const tooMany = (message: string) => new DomainError('too-many', message);

export interface Attempt {
  /** The address signed in to this account lately (its sign-ins skip the line for password checks). */
  known: boolean;
  /** The password was right (or the reset went through): the attempt stops counting as a failure. */
  succeeded(): void;
  /**
   * The password was right but a second step is still to come: this attempt stops counting, while the
   * wrong codes counted before stay counted (so passwords cannot reset the count of guessed codes).
   */
  passed(): void;
  /** Called once the attempt is over, whatever its outcome. */
  finished(): void;
}

/**
 * Sign-in and reset throttling (decision 010). An attempt is counted before its password is checked and
 * stays counted unless it succeeds, so a burst cannot pass the check together. Limits: per account from
 * one address, per address, and per account overall; the overall one spares addresses that signed in to
 * the account lately, so guessing from elsewhere cannot lock the admin out. One address may have only a
 * few attempts being checked at once, so it cannot fill the password-hashing queue.
 */
export class LoginThrottle {
  private readonly pairs: FailureWindows;
  private readonly addresses: FailureWindows;
  private readonly accounts: FailureWindows;
  private readonly resets: FailureWindows;
  private readonly known = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {
    this.pairs = new FailureWindows(LOGIN_THROTTLE_WINDOW_MS, now);
    this.addresses = new FailureWindows(LOGIN_THROTTLE_WINDOW_MS, now);
    this.accounts = new FailureWindows(LOGIN_THROTTLE_WINDOW_MS, now);
    this.resets = new FailureWindows(LOGIN_THROTTLE_WINDOW_MS, now);
  }

  /** Starts a login attempt, or throws 429. Synchronous: nothing can slip in between check and count. */
  beginLogin(ip: string, email: string): Attempt {
    const account = email.toLowerCase();
    const pair = `${account}\n${ip}`;
    const known = (this.known.get(pair) ?? 0) > this.now();
    if (
      this.pairs.count(pair) >= LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS ||
      this.addresses.count(ip) >= LOGIN_MAX_FAILURES_PER_ADDRESS ||
      (!known && this.accounts.count(account) >= LOGIN_MAX_FAILURES_PER_ACCOUNT)
    ) {
      throw tooMany(`Too many failed sign-in attempts. Try again in ${minutes} minutes.`);
    }
    const release = this.occupy(ip);
    this.pairs.add(pair, 1);
    this.addresses.add(ip, 1);
    this.accounts.add(account, 1);
    return {
      known,
      succeeded: () => {
        this.pairs.clear(pair);
        this.addresses.add(ip, -1);
        this.accounts.add(account, -1);
        this.known.set(pair, this.now() + LOGIN_KNOWN_ADDRESS_MS);
        if (this.known.size > 50_000) this.forgetExpired();
      },
      passed: () => {
        this.pairs.add(pair, -1);
        this.addresses.add(ip, -1);
        this.accounts.add(account, -1);
      },
      finished: release,
    };
  }

  /** Starts a password reset attempt, or throws 429; a reset link found invalid stays counted. */
  beginReset(ip: string): Attempt {
    if (this.resets.count(ip) >= RESET_MAX_FAILURES_PER_ADDRESS) {
      throw tooMany(`Too many invalid reset links. Try again in ${minutes} minutes.`);
    }
    const release = this.occupy(ip);
    this.resets.add(ip, 1);
    const succeeded = () => this.resets.add(ip, -1);
    return { known: false, succeeded, passed: succeeded, finished: release };
  }

  private occupy(ip: string): () => void {
    const running = this.inFlight.get(ip) ?? 0;
    if (running >= AUTH_MAX_CONCURRENT_PER_ADDRESS) {
      throw tooMany('Too many sign-in attempts at once from this address. Wait for them to finish.');
    }
    this.inFlight.set(ip, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(ip) ?? 1) - 1;
      if (left > 0) this.inFlight.set(ip, left);
      else this.inFlight.delete(ip);
    };
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [pair, until] of this.known) if (until <= now) this.known.delete(pair);
  }
}
