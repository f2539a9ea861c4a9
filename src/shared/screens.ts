/** The app's screens: the sidebar's links take their labels from here, and search finds them by name (admin screens for admins only). */
export const SCREENS: readonly { path: string; label: string; adminOnly?: boolean }[] = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/transactions/add', label: 'Add Transaction' },
  { path: '/transactions/history', label: 'Transaction History' },
  { path: '/redemptions', label: 'Redemptions' },
  { path: '/check-ins', label: 'Check-ins' },
  { path: '/reports/high-sc', label: 'High SC Report' },
  { path: '/reports/profitability', label: 'Profitability', adminOnly: true },
  { path: '/reports/participation', label: 'Participation' },
  { path: '/reports/transaction-types', label: 'Transaction Types Report' },
  { path: '/reports/reconciliation', label: 'Reconciliation' },
  { path: '/reports/redemptions', label: 'Redemptions Report' },
  { path: '/customers', label: 'Customers' },
  { path: '/casinos', label: 'Casinos' },
  { path: '/types', label: 'Transaction Types' },
  { path: '/import', label: 'Import' },
  { path: '/profile', label: 'Profile' },
  { path: '/admin/users', label: 'Users', adminOnly: true },
  { path: '/admin/audit', label: 'Audit Trail', adminOnly: true },
  { path: '/admin/access-log', label: 'Access log', adminOnly: true },
  { path: '/admin/deleted-transactions', label: 'Deleted Transactions', adminOnly: true },
  { path: '/admin/books', label: 'Books', adminOnly: true },
];

/**
 * Whether a path is a signed-in screen's: the server answers those with the page that fetches the screens'
 * shared code beside the start-up code (decision 218). The sidebar's screens, the start page and a
 * customer's or a casino's page (router.test.tsx checks every route of the web app against it).
 */
export const isScreenPath = (path: string): boolean =>
  path === '/' || SCREENS.some((s) => s.path === path) || /^\/(customers|casinos)\/[^/]+$/.test(path);

/**
 * The page the build writes for one screen's path: the screens' page asking for that screen's own code too
 * (decision 250). The server sends it when the build has one (server/http/static.ts).
 */
export const screenPageFile = (path: string): string => `screen${path === '/' ? '-start' : path.replaceAll('/', '-')}.html`;

/** The signed-out pages that sign a person in: their page asks for the sign-in code (decision 244). */
export const isSignInPath = (path: string): boolean => path === '/login' || path === '/reset-password';

/** Text as search compares it: accents dropped (é -> e), lower case, spaces collapsed. */
export const searchKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
