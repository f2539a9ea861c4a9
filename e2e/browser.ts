import { type Browser, chromium } from 'playwright-core';
import { browserPath } from './browser-path';

/** The flags that work as root on a closed network (no sandbox, no GPU, no background connections). */
export const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The installed Chrome or Chromium (browser-path.ts), headless, with BROWSER_FLAGS. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: browserPath(), headless: true, args: [...BROWSER_FLAGS, ...extraArgs] });
}

export const DESKTOP = { width: 1366, height: 860 };
export const PHONE = { width: 390, height: 844 };
