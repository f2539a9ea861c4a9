import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP, launchChromium } from './browser';

export const baseUrl = () => inject('baseUrl');
export const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };

/** Calls the REST API directly (test setup), failing loudly on a non-2xx answer. */
export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiToken(email: string, password: string): Promise<string> {
  return (await api<{ token: string }>('POST', '/api/auth/login', { email, password })).token;
}

let seq = 0;
/** A unique email per call, so tests do not collide on the shared server. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${++seq}@example.com`;

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

export async function openBrowser(viewport = DESKTOP): Promise<Session> {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { browser, context, page, close: () => browser.close() };
}

/** Signs in through the login screen and waits for the signed-in shell. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}
