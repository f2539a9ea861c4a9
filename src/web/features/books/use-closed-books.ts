import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../lib/format';
import { trpc } from '../../trpc';

/** Why an entry in the closed period cannot be changed (the rows' tooltip). */
export const lockedReason = (through: string) =>
  `The books are closed through ${formatDay(through)}: reopen them (Admin, Books) to edit or delete this entry`;

/**
 * The books' close as the screens need it (decision 190): whether an entry dated `date` (ISO) lies in
 * the closed period, and why. One cached read shared by every row.
 */
export function useClosedBooks() {
  const books = useQuery({ ...trpc.books.get.queryOptions(), staleTime: 30_000 });
  const closedBefore = books.data?.closedBefore ?? null;
  const through = books.data?.closedThrough ?? null;
  return {
    locked: (date: string): string | null => (through && closedBefore && date < closedBefore ? lockedReason(through) : null),
  };
}
