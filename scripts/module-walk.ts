import type { Rollup } from 'vite';

type PluginContext = Rollup.PluginContext;

/*
 * The build's module graph as vite.config.ts's chunk groups read it: what a module imports, and what a
 * set of modules imports walked through. A package's index (Mantine's, the icons') re-exports every part:
 * walked whole it would bring all of them, so of an index the walk takes the parts a module names.
 */

/** Packages whose index re-exports parts that other screens use: the sign-in walk takes the parts named, not the index. */
export const BARRELS: [index: RegExp, part: (name: string) => RegExp][] = [
  [
    /@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
    // A part in its component's folder (Combobox/ComboboxChevron/ComboboxChevron.mjs) or in one of its own.
    (name) => new RegExp(`@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]([\\w-]+[\\\\/])?${name}[\\\\/]${name}\\.mjs$`),
  ],
  // The toasts' store (lib/notify.ts) is in the start-up file; their container comes later (decision 224).
  [
    /@mantine[\\/]notifications[\\/]esm[\\/]index\.mjs$/,
    (name) =>
      name === 'Notifications'
        ? /@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.mjs$/
        : /@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store\.mjs$/,
  ],
  [
    /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
    (name) => new RegExp(`@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/]${name}\\.mjs$`),
  ],
];

/** The page's first script imports Mantine's hooks only through the toasts' store (randomId): of their index, the part named. */
export const EARLY_BARRELS: typeof BARRELS = [
  ...BARRELS,
  // A hook's file is named for it: useDisclosure in use-disclosure/use-disclosure.mjs, randomId in utils/random-id/.
  [
    /@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
    (name) => {
      const file = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      return new RegExp(`@mantine[\\\\/]hooks[\\\\/]esm[\\\\/](utils[\\\\/])?${file}[\\\\/]${file}\\.mjs$`);
    },
  ],
];

/** The modules one module imports; of a package's index named in BARRELS, the parts it imports by name. */
export function directImports(ctx: PluginContext, id: string, barrels = BARRELS): string[] {
  const key = `${barrels === BARRELS ? 'all' : 'early'}:${id}`;
  const known = importsFound.get(key);
  if (known) return known;
  const info = ctx.getModuleInfo(id);
  const deps: string[] = [];
  for (const dep of info?.importedIds ?? []) {
    const barrel = barrels.find(([index]) => index.test(dep));
    if (!barrel) {
      deps.push(...(featureParts(ctx, info?.code ?? '', dep) ?? [dep]));
      continue;
    }
    // The names this module imports from the package's index: `import { A, B as C } from '...'`.
    for (const m of (info?.code ?? '').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*["'](@mantine\/core|@mantine\/notifications|@mantine\/hooks|@tabler\/icons-react)["']/g,
    )) {
      for (const name of m[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
        const part = moduleIds(ctx).find((x) => barrel[1](name).test(x));
        if (part) deps.push(part);
      }
    }
  }
  importsFound.set(key, deps);
  return deps;
}
/** A feature's index (decision 077): it re-exports, name by name, what other features and the screens use. */
export const FEATURE_INDEX = /src[\\/]web[\\/]features[\\/]([\w-]+)[\\/]index\.ts$/;

/**
 * Of a feature's index, the modules behind the names `code` imports from it: walked whole, the index made
 * every screen that takes one hook from it (History, `useAttachmentCount`) look as if it used all of it
 * (the attachments panel). Null when the index or the import is not plain `export { ... } from './x'` and
 * `import { ... } from '.../<feature>'`: the walk then takes the whole index.
 */
function featureParts(ctx: PluginContext, code: string, dep: string): string[] | null {
  const folder = FEATURE_INDEX.exec(dep)?.[1];
  const index = folder ? ctx.getModuleInfo(dep) : null;
  if (!folder || !index?.code) return null;
  const exported = new Map<string, string>();
  let statements = 0;
  for (const m of index.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/([\w-]+)["']/g)) {
    statements++;
    const file = index.importedIds.find((x) => new RegExp(`[\\\\/]${m[2]}\\.tsx?$`).test(x));
    if (!file) return null;
    for (const spec of m[1].split(',')) {
      const name = spec
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name) exported.set(name, file);
    }
  }
  // Anything else in the index (its own code, `export *`): take it whole.
  if (statements === 0 || /\bexport\s*\*|\b(function|const|let|class)\b/.test(index.code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
    return null;
  const parts = new Set<string>();
  const source = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["'](?:\\.\\.?\\/)+(?:features\\/)?${folder}["']`, 'g');
  let imports = 0;
  for (const m of code.matchAll(source)) {
    imports++;
    for (const spec of m[1].split(',')) {
      const name = spec
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      const file = name ? exported.get(name) : undefined;
      if (name && !file) return null;
      if (file) parts.add(file);
    }
  }
  return imports ? [...parts] : null;
}

/** One build's module ids and the imports found, kept while its chunks are planned. */
const importsFound = new Map<string, string[]>();
let builtIds: string[] = [];
const moduleIds = (ctx: PluginContext) => (builtIds.length ? builtIds : (builtIds = [...ctx.getModuleIds()]));
/** Forgets the last build's modules (a build's buildEnd calls it first). */
export function forgetModules(): void {
  importsFound.clear();
  builtIds = [];
}

/** The modules `from` imports, walked; of a package's index named in BARRELS, the parts imported by name. */
export function walkImports(ctx: PluginContext, from: string[], into: Set<string>, barrels = BARRELS): void {
  const walk = (id: string) => {
    if (into.has(id)) return;
    into.add(id);
    for (const dep of directImports(ctx, id, barrels)) walk(dep);
  };
  for (const id of from) walk(id);
}
