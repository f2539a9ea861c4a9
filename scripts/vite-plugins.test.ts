import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../vite.config';

const plugin = (name: string) => {
  const found = (config.plugins as Plugin[]).find((p) => p?.name === name);
  if (!found || typeof found.resolveId !== 'function') throw new Error(`no ${name} plugin`);
  return found.resolveId as (source: string, importer?: string) => string | null;
};
const root = path.resolve(import.meta.dirname, '..');

describe('the build’s module swaps', () => {
  it("hands Mantine's hooks the stable useId, and nothing else (decision 233)", () => {
    const resolve = plugin('stable-ids');
    expect(resolve('./use-id/use-id.mjs', path.join(root, 'node_modules/@mantine/hooks/esm/index.mjs'))).toBe(
      path.join(root, 'src/web/lib/stable-id.ts'),
    );
    expect(resolve('./use-id/use-id.mjs', path.join(root, 'node_modules/other/esm/index.mjs'))).toBeNull();
    expect(resolve('react', path.join(root, 'node_modules/@mantine/hooks/esm/index.mjs'))).toBeNull();
  });
});
