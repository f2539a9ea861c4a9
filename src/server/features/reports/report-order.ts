import type { RawBuilder } from 'kysely';
import type { Paging } from '../../../shared/schemas/reports';

/** A report's ORDER BY: expressions with their directions, applied in turn. */
export type Ordering = [RawBuilder<unknown>, 'asc' | 'desc'][];
export const dir = (desc: boolean) => (desc ? 'desc' : 'asc');

/** Limit and offset when given (a report without them returns every row). */
export function pageOf<Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q, page: Paging): Q {
  if (page.limit === undefined && page.offset === undefined) return q;
  return q.limit(page.limit ?? -1).offset(page.offset ?? 0);
}
