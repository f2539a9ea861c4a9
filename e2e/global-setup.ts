import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/server/config';
import { createServer } from '../src/server/server';
import { WEB_DIST } from '../src/server/http/static';
import { tempDir } from '../src/server/testing/test-db';
import { findBrowser } from './browser-path';

export const E2E_ADMIN = { email: 'admin@example.com', password: 'Admin1234' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** Starts the real server (built web app, temp-file database) once for all browser tests. */
export default async function setup(project: TestProject) {
  if (!findBrowser()) {
    throw new Error('Browser tests cannot run: no Chrome or Chromium found. Run `npm run browser:install` or set CHROMIUM_PATH.');
  }
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('Browser tests need the built web app: run `npm run build` first.');
  }
  const dataDir = tempDir('ledger-e2e-');
  const config = loadConfig({
    PORT: '0',
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'silent',
    TZ: 'UTC',
  });
  const server = await createServer({ config, announce: () => {} });
  const address = await server.start();
  project.provide('baseUrl', address);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
