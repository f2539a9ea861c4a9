import type { UserListRow as UserView } from '../../lib/api-types';

export type UserSortKey = 'name' | 'email' | 'role';

export const fullName = (u: Pick<UserView, 'firstName' | 'lastName'>) => [u.firstName, u.lastName].filter(Boolean).join(' ');

const keyOf: Record<UserSortKey, (u: UserView) => string> = {
  name: (u) => fullName(u) || u.email,
  email: (u) => u.email,
  role: (u) => u.role,
};

/** Search by name, email or role (case-insensitive), then sort A-Z or Z-A; ties by email. */
export function visibleUsers(users: UserView[], search: string, sortKey: UserSortKey, desc: boolean): UserView[] {
  const needle = search.trim().toLowerCase();
  const matches = needle ? users.filter((u) => [fullName(u), u.email, u.role].some((v) => v.toLowerCase().includes(needle))) : users;
  const direction = desc ? -1 : 1;
  return [...matches].sort(
    (a, b) =>
      direction * keyOf[sortKey](a).localeCompare(keyOf[sortKey](b), undefined, { sensitivity: 'base' }) || a.email.localeCompare(b.email),
  );
}
