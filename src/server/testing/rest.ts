import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One REST request with these headers (a test user's `auth`), with a JSON body when one is given. */
export function inject(app: FastifyInstance, method: Method, url: string, headers: Record<string, string>, payload?: object) {
  return app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
}

/** The answer to a refused input: 400 naming each bad field with its message, in order (spec 5). */
export function expectFieldErrors(res: LightMyRequestResponse, errors: { path: string; message: string }[], because?: string): void {
  expect(res.statusCode, because).toBe(400);
  expect(res.json(), because).toEqual({ message: 'Validation failed', errors });
}
