import fs from 'node:fs';

/**
 * Where a Chrome or Chromium may already be installed, in the order tried: `CHROMIUM_PATH` when set
 * (and then only it), Debian's and Ubuntu's packages, Google's Linux packages, then macOS and Windows.
 */
const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

/** The first browser found, or undefined. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env, exists: (file: string) => boolean = fs.existsSync): string | undefined {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  return CANDIDATES.find((file) => exists(file));
}

/** The browser the tests and scripts drive; the message names what to do when there is none. */
export function browserPath(): string {
  const found = findBrowser();
  if (!found) {
    throw new Error(
      process.env.CHROMIUM_PATH
        ? `No browser at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}`
        : 'No Chrome or Chromium found: run `npm run browser:install` (Debian/Ubuntu, as root) or set CHROMIUM_PATH',
    );
  }
  return found;
}
