import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_VARIABLES_FILE, themeVariablesCss } from './theme-variables';

describe("the theme's CSS variables", () => {
  const written = fs.readFileSync(path.resolve(import.meta.dirname, '../..', THEME_VARIABLES_FILE), 'utf8');

  it('are the ones the provider works out from the theme today (run `npm run theme:css` after changing it)', () => {
    expect(written).toBe(themeVariablesCss());
  });

  it("carry the contrast resolver's colours for both schemes", () => {
    expect(written).toMatch(/:root\[data-mantine-color-scheme="light"\][^}]*--mantine-color-red-text: #[0-9a-f]{6}/);
    expect(written).toMatch(/:root\[data-mantine-color-scheme="dark"\][^}]*--mantine-color-error: /);
    expect(written).toContain('--mantine-font-family: Inter, system-ui');
  });
});
