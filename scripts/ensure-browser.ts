import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findBrowser } from '../e2e/browser-path';

/**
 * Run by `npm test` before the browser tests (and by `npm run browser:install`): a Chrome or Chromium
 * already installed is used as it is; on a Debian or Ubuntu machine where this runs as root and finds
 * none, Debian's `chromium` package is installed with a one-line notice; anywhere else it stops with the
 * one command to run.
 */
const found = findBrowser();
if (found) process.exit(0);
if (process.env.CHROMIUM_PATH)
  fail(`No browser at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}: point it at a Chrome or Chromium, or unset it.`);

const debian = fs.existsSync('/etc/debian_version');
const root = process.getuid?.() === 0;
if (!debian || !root) {
  fail(
    debian
      ? 'No Chrome or Chromium found for the browser tests. Install one with: sudo apt-get install -y chromium'
      : 'No Chrome or Chromium found for the browser tests. Install Google Chrome or Chromium, or set CHROMIUM_PATH to one.',
  );
}

console.log("No Chrome or Chromium found: installing Debian's chromium package for the browser tests (apt-get install chromium)...");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'],
]) {
  const run = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0)
    fail(`apt-get ${args.join(' ')} failed (exit ${run.status}). Install Chromium by hand: apt-get install -y chromium`);
}
if (!findBrowser()) fail('apt-get installed chromium, but no browser was found at /usr/bin/chromium afterwards.');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
