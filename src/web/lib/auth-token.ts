import type { UserView } from './api-types';

/** The signed-in token lives in local storage under auth_token (spec section 4). */
export const AUTH_TOKEN_KEY = 'auth_token';
/** The role the last sign-in check of this browser answered with (decision 251): see `lastCheckSaidAdmin`. */
export const LAST_ROLE_KEY = 'auth_last_role';

const listeners = new Set<() => void>();
let expired = false;

/** Calls `listener` whenever the token changes here or in another tab. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === AUTH_TOKEN_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
const emit = () => listeners.forEach((l) => l());

export function getToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  // A new sign-in: the last check's role was another token's.
  localStorage.removeItem(LAST_ROLE_KEY);
  expired = false;
  emit();
}

/** Sign out (logout, or a page that finds a stale token). */
export function clearToken(): void {
  if (getToken() === null) return;
  localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.removeItem(LAST_ROLE_KEY);
  emit();
}

/**
 * The role the last sign-in check of this browser answered with: a hint that lets an admin screen's reads
 * leave beside the next check (decision 251). It decides nothing: the server refuses a read the role may
 * not make, and the check's answer decides what the screen shows.
 */
export function lastCheckSaidAdmin(): boolean {
  try {
    return localStorage.getItem(LAST_ROLE_KEY) === 'admin';
  } catch {
    return false;
  }
}
export function rememberRole(role: UserView['role']): void {
  try {
    if (localStorage.getItem(LAST_ROLE_KEY) !== role) localStorage.setItem(LAST_ROLE_KEY, role);
  } catch {
    // Storage refused (a private window's quota): the hint is only a hint.
  }
}

/** The server refused the token (401): sign out, remembering why, so the app says so (spec 8.2). */
export function expireSession(): void {
  if (getToken() === null) return;
  expired = true;
  clearToken();
}

/** Whether the last sign-out happened because the server refused the token. */
export const sessionExpired = () => expired;
