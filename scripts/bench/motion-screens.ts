import type { OfficeData } from './office';

/**
 * The money-in-motion screens (decision 060) in the office scenario, as the web app asks for them: the Redemptions list
 * (Pending first, sometimes another tab, a customer or casino, a later page) and the check-in board
 * for today (sometimes another day, a filter, a sort, a later page). One request in ten.
 */
export function motionScreenRequest(d: OfficeData, rand: () => number): [string, string, unknown] | null {
  if (rand() >= 0.1) return null;
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const chance = (p: number) => rand() < p;
  if (chance(0.5)) {
    const f: Record<string, unknown> = { status: chance(0.6) ? 'pending' : pick(['received', 'rejected', 'cancelled', undefined]) };
    const narrow = rand();
    if (narrow < 0.3) f.customerId = pick(d.customerIds);
    else if (narrow < 0.5) f.casinoId = pick(d.casinoIds);
    return ['Redemptions', 'redemptions.list', { ...f, limit: 50, offset: (chance(0.8) ? 0 : Math.floor(rand() * 10)) * 50 }];
  }
  const f: Record<string, unknown> = {};
  if (chance(0.2)) f.date = new Date(Date.parse(d.lastDay) - Math.floor(rand() * 30) * 86_400_000).toISOString().slice(0, 10);
  if (chance(0.3)) f.status = pick(['done', 'missing']);
  const narrow = rand();
  if (narrow < 0.2) f.customerId = pick(d.customerIds);
  else if (narrow < 0.4) f.casinoId = pick(d.casinoIds);
  if (chance(0.3)) f.sort = pick(['casino', 'streak', 'last']);
  return ['Check-ins', 'checkIns.board', { ...f, limit: 100, offset: (chance(0.7) ? 0 : Math.floor(rand() * 50)) * 100 }];
}
