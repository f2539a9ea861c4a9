import { describe, expect, it, vi } from 'vitest';
import { concurrencyGate, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('runs at most two hashes at once and still answers every call, in order', async () => {
    const gate = concurrencyGate(2);
    let now = 0;
    let peak = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        gate(async () => {
          peak = Math.max(peak, ++now);
          await new Promise((r) => setTimeout(r, 5));
          now -= 1;
          done.push(i);
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(done).toHaveLength(7);
    expect(done.slice(0, 2).sort()).toEqual([0, 1]);
  });

  it('hashes with argon2id and verifies through the gate', async () => {
    const hashes = await Promise.all(['Passw0rd!', 'Other1234'].map((p) => hashPassword(p)));
    expect(hashes[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashes[0], 'Passw0rd!')).toBe(true);
    expect(await verifyPassword(hashes[1], 'Passw0rd!')).toBe(false);
  });

  it('an unknown email tried while the queue is full does not leave every later unknown email refused', async () => {
    vi.resetModules();
    const fresh = await import('./passwords');
    const flood = Array.from({ length: 2 + fresh.MAX_WAITING }, () => fresh.hashPassword('Flood1234'));
    await fresh
      .burnPasswordCheck('Guess1234')
      .catch((error: Error) => expect(error.message).toBe('The server is busy checking passwords. Try again in a moment.'));
    await Promise.all(flood);
    await expect(fresh.burnPasswordCheck('Guess1234')).resolves.toBeUndefined();
  });
});
