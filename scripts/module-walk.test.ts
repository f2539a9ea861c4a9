import type { Rollup } from 'vite';
import { beforeEach, describe, expect, it } from 'vitest';
import { directImports, forgetModules } from './module-walk';

const M = '/app/node_modules/@mantine/core/esm';
const F = '/app/src/web/features/attachments';
const modules: Record<string, { code: string; importedIds: string[] }> = {
  '/app/src/web/routes/history.tsx': {
    code: `import { ComboboxChevron, Table } from "@mantine/core";\nimport { useAttachmentCount } from "../features/attachments";`,
    importedIds: [`${M}/index.mjs`, `${F}/index.ts`],
  },
  '/app/src/web/routes/customer.tsx': {
    code: `import { AttachmentsPanel as Panel } from "../features/attachments";\nimport * as everything from "../lib/all";`,
    importedIds: [`${F}/index.ts`, '/app/src/web/lib/all.ts'],
  },
  '/app/src/web/routes/odd.tsx': { code: `import attachments from "../features/attachments";`, importedIds: [`${F}/index.ts`] },
  [`${F}/index.ts`]: {
    code: `/** What other features use. */\nexport { useAttachmentCount } from "./attachment-counts";\nexport { AttachmentsPanel } from "./attachments-panel";`,
    importedIds: [`${F}/attachment-counts.ts`, `${F}/attachments-panel.tsx`],
  },
  [`${M}/index.mjs`]: { code: '', importedIds: [] },
  [`${M}/components/Combobox/ComboboxChevron/ComboboxChevron.mjs`]: { code: '', importedIds: [] },
  [`${M}/components/Table/Table.mjs`]: { code: '', importedIds: [] },
  [`${M}/components/Tabs/Tabs.mjs`]: { code: '', importedIds: [] },
};
const ctx = {
  getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
  getModuleInfo: (id: string) => modules[id] ?? null,
} as unknown as Rollup.PluginContext;

describe("the build's import walk (decision 253)", () => {
  beforeEach(forgetModules);

  it("takes the parts a module names from Mantine's index, one in a component's subfolder too, and from a feature's index", () => {
    expect(directImports(ctx, '/app/src/web/routes/history.tsx').sort()).toEqual([
      `${M}/components/Combobox/ComboboxChevron/ComboboxChevron.mjs`,
      `${M}/components/Table/Table.mjs`,
      `${F}/attachment-counts.ts`,
    ]);
    expect(directImports(ctx, '/app/src/web/routes/customer.tsx')).toEqual([`${F}/attachments-panel.tsx`, '/app/src/web/lib/all.ts']);
  });

  it("takes a feature's whole index when the import does not name its parts", () => {
    expect(directImports(ctx, '/app/src/web/routes/odd.tsx')).toEqual([`${F}/index.ts`]);
  });
});
