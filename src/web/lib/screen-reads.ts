import type { QueryClient } from '@tanstack/react-query';
import type { trpc } from '../trpc';
import type { UserView } from './api-types';
import { lastCheckSaidAdmin } from './auth-token';

/**
 * What a screen's reads need of the router's context, and the signed-in user once the check has answered
 * (absent when the reads start beside the check): a read that only an admin may make waits for it, or
 * for this browser's last check to have said admin (decision 251).
 */
export interface ReadContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
  user?: UserView | null;
}

/**
 * A screen's reads (ensureQueryData calls), started as its route loads and when a link to it is hovered;
 * `deps` are the route's loaderDeps (the search a screen's first read depends on).
 */
export type Reads<D> = (ctx: ReadContext, deps: D) => Promise<unknown>[];

/** Starts a screen's reads; a failed read is the screen's to show, so nothing waits for it or fails with it. */
export const startAll = (reads: Promise<unknown>[]) => {
  for (const read of reads) read.catch(() => undefined);
  return reads;
};

/** Each screen loader's reads, so the signed-in check can start them beside its own (router.tsx, `startScreens`). */
const screenReads = new WeakMap<object, Reads<unknown>>();

/** Names the reads a loader starts, for the signed-in check to start beside its own; returns the loader. */
export const withReads = <L extends object>(loader: L, reads: Reads<unknown>): L => {
  screenReads.set(loader, reads);
  return loader;
};

/** The reads a route's loader starts, given the router's loaderDeps for that route; none for other loaders. */
export const readsOf = (loader: unknown) => (typeof loader === 'function' ? screenReads.get(loader) : undefined);

/**
 * Whether a screen's reads may include an admin's: the check's answer once it has come, before it this
 * browser's last check (decision 251). The server refuses an admin's read to anyone else either way.
 */
export const readsAsAdmin = (ctx: ReadContext) => (ctx.user ? ctx.user.role === 'admin' : lastCheckSaidAdmin());
