import { describe, expect, it } from 'vitest';
import { findBrowser } from '../e2e/browser-path';

const only =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

describe('findBrowser', () => {
  it('takes CHROMIUM_PATH when it is set, and only it', () => {
    expect(findBrowser({ CHROMIUM_PATH: '/opt/chrome' }, only('/opt/chrome', '/usr/bin/chromium'))).toBe('/opt/chrome');
    expect(findBrowser({ CHROMIUM_PATH: '/opt/none' }, only('/usr/bin/chromium'))).toBeUndefined();
  });

  it("prefers Debian's chromium, then the other usual places", () => {
    expect(findBrowser({}, only('/usr/bin/google-chrome', '/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    expect(findBrowser({}, only('/usr/bin/google-chrome-stable'))).toBe('/usr/bin/google-chrome-stable');
    expect(findBrowser({}, only('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'))).toBe(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
  });

  it('answers undefined when no browser is installed', () => {
    expect(findBrowser({}, () => false)).toBeUndefined();
  });
});
