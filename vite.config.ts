import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { type PageChunk, screenFiles, screenPagePaths } from './scripts/screen-pages';
import { directImports, EARLY_BARRELS, FEATURE_INDEX, forgetModules, walkImports } from './scripts/module-walk';
import { FILE_COST, sharedChunkNames, signInChunkName } from './scripts/shared-chunks';
import { screenPageFile } from './src/shared/screens';

type PluginContext = Rollup.PluginContext;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, once, at the best
 * compression: the server sends the one the browser accepts (server/http/built-files.ts, from memory:
 * decision 254) without compressing per request (decision 171).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle({ dir }) {
      if (!dir) return;
      const walk = (folder: string): string[] =>
        fs
          .readdirSync(folder, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(folder, e.name)) : [path.join(folder, e.name)]));
      for (const file of walk(dir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const bytes = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * screens.html: index.html with the screens' shared chunk (`shared`, decision 253), the inputs chunk (decision 257) and the screens'
 * style sheet asked for from the page itself, so a phone fetches them beside the start-up file instead of
 * after it has run (a round trip and the start-up's run saved; decision 218). The server sends it for the
 * signed-in screens' paths (server/http/static.ts). sign-in.html does the same for Login and Reset
 * password: the inputs and sign-in chunks, the two pages' own chunks and the style sheet (decision 244). Unknown paths
 * get index.html, which needs none of them. Each screen's path gets a page of its own too, screens.html
 * asking for that screen's code as well (decision 250).
 */
function screensPage(): Plugin {
  return {
    name: 'screens-page',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler({ dir }, bundle) {
        if (!dir) return;
        const files = Object.values(bundle);
        const chunk = (name: string) => files.find((f) => f.type === 'chunk' && f.name === name)?.fileName;
        const sheet = files.find((f) => f.type === 'asset' && f.names.includes('screens.css'))?.fileName;
        const [shared, inputsChunk, login, reset, first] = [
          chunk('shared'),
          chunk('inputs'),
          chunk('login'),
          chunk('reset-password'),
          chunk('early'),
        ];
        if (!shared || !inputsChunk || !login || !reset || !first || !sheet)
          this.error('screens-page: the shared chunk, the inputs chunk, a sign-in page, early.ts or screens.css is missing');
        // The sign-in pages' chunks: the inputs, which the screens share, and theirs alone (decision 257).
        const signInChunks = files.filter((f) => f.type === 'chunk' && /^(inputs|sign-in(-\d+)?)$/.test(f.name)).map((f) => f.fileName);
        const script = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
        const style = `<link rel="preload" as="style" crossorigin href="/${sheet}">`;
        const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
        const firstScript = (file: string) => `<script type="module" crossorigin src="/${file}"></script>\n    `;
        const page = (name: string, links: string[], before = '') =>
          fs.writeFileSync(
            path.join(dir, name),
            html
              .replace('<script type="module"', `${before}<script type="module"`)
              .replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
          );
        // A signed-in screen's page runs early.ts as its own script, before the start-up file: the sign-in
        // check and the first reads leave once it is in, while the start-up file downloads (decision 246).
        const screensLinks = [script(shared), script(inputsChunk), style];
        page('screens.html', screensLinks, firstScript(first));
        page('sign-in.html', [...signInChunks.map(script), script(login), script(reset), style]);
        // Each screen's path: the screens' page asking for that screen's own code too, so it comes beside
        // the start-up file, not after the page's first script has run (decision 250).
        const screens = fs.readFileSync(path.join(dir, 'screens.html'), 'utf8');
        const asked = new Set([...screens.matchAll(/"\/(assets\/[^"]+)"/g)].map((m) => m[1]));
        const chunks = new Map<string, PageChunk>();
        for (const f of files)
          if (f.type === 'chunk')
            chunks.set(f.fileName, { fileName: f.fileName, imports: f.imports, css: [...(f.viteMetadata?.importedCss ?? [])] });
        for (const [route, name] of screenPagePaths(path.resolve(import.meta.dirname, 'src/web/routes'))) {
          const own = files.find(
            (f) =>
              f.type === 'chunk' && f.isDynamicEntry && f.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/web/routes/${name}.tsx`),
          );
          if (!own) this.error(`screens-page: no chunk of its own for routes/${name}.tsx`);
          const { scripts, styles } = screenFiles(own.fileName, chunks, asked);
          const sheets = styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
          page(screenPageFile(route), [...screensLinks, ...scripts.map(script), ...sheets], firstScript(first));
        }
      },
    },
  };
}

/** The charts and formatted number inputs: a few screens show them, and they weigh more than the rest together. */
const OWN_CHUNK =
  /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|es-toolkit|decimal\.js-light|@reduxjs|immer|redux|reselect|react-redux|eventemitter3|react-is|@mantine[\\/]charts|react-number-format|exceljs)[\\/]|src[\\/]web[\\/](routes|features[\\/](summaries|dashboard))[\\/]/;

/**
 * The sign-in pages (Login, Reset password) and every module they import that the start-up file does not
 * carry: chunks of their own, so a visitor signing in does not fetch the screens' shared chunks
 * (decision 217). They take all of what the pages import (of Mantine and the icons, the parts they name),
 * so they never import a shared chunk back (a cycle; scripts/bundle-budget.ts checks).
 */
const signIn = new Set<string>();
/**
 * The chunk of each of the sign-in pages' modules, by the pages and screens that paint with it: what most
 * screens use too (the inputs, the form's glue) is `inputs`, so a screen does not fetch the pages' own
 * parts (the second step, use-drag) with it; the rest `sign-in` (and `sign-in-N`; decision 257).
 */
const signInNames = new Map<string, string>();
const SIGN_IN_PAGES = /src[\\/]web[\\/]routes[\\/](login|reset-password)\.tsx$/;
/** The page's first script (early.ts) and what it imports: the router, the routes, tRPC and the query cache (decision 246). */
const early = new Set<string>();
const EARLY_ENTRY = /src[\\/]web[\\/]early\.ts$/;
/** The start-up file's entry (index.html's script). */
const START_ENTRY = /src[\\/]web[\\/]main\.tsx$/;
function signInPages(): Plugin {
  return {
    name: 'sign-in-pages',
    apply: 'build',
    buildEnd() {
      signIn.clear();
      early.clear();
      forgetModules();
      const ids = [...this.getModuleIds()];
      const entry = ids.filter((id) => EARLY_ENTRY.test(id));
      if (entry.length !== 1) this.error('sign-in-pages: src/web/early.ts was not found');
      walkImports(this, entry, early, EARLY_BARRELS);
      const pages = ids.filter((id) => SIGN_IN_PAGES.test(id));
      if (pages.length !== 2) this.error('sign-in-pages: routes/login.tsx and routes/reset-password.tsx were not found');
      walkImports(this, pages, signIn);
      // The pages themselves are chunks of their own, and their schemas stay in zod's: what the screens
      // share with them (the inputs) then never makes a screen fetch zod (decision 223).
      for (const id of signIn) if (SIGN_IN_PAGES.test(id) || ZOD_CHUNK.test(id) || early.has(id)) signIn.delete(id);
      splitShared(this, ids);
    },
  };
}

/** The chunk of each module the screens share, by the screens that paint with it (decision 253). */
const sharedNames = new Map<string, string>();
/** A screen: a route's component, each a chunk of its own (the sign-in pages aside). */
const SCREEN_MODULE = /src[\\/]web[\\/]routes[\\/]([a-z-]+)\.tsx$/;
/** The modules the screens' shared chunks take: what the groups before them leave. */
const sharedCandidate = (id: string) =>
  sharedByScreens(id) && !early.has(id) && !signIn.has(id) && !ZOD_CHUNK.test(id) && !POPUP.test(id) && !DIALOG.test(id);
/** The pages (route modules matching `page`, its first group their name) whose first paint imports each module. */
function usersOf(ctx: PluginContext, ids: string[], page: RegExp): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const pageId of ids.filter((id) => page.test(id))) {
    const reached = new Set<string>();
    walkImports(ctx, [pageId], reached, EARLY_BARRELS);
    for (const id of reached) users.set(id, [...(users.get(id) ?? []), page.exec(pageId)![1]]);
  }
  return users;
}

function splitShared(ctx: PluginContext, ids: string[]): void {
  sharedNames.clear();
  signInNames.clear();
  // What the start-up file carries (main.tsx and its imports) is not the screens' to share.
  const initial = new Set<string>();
  walkImports(
    ctx,
    ids.filter((id) => START_ENTRY.test(id)),
    initial,
    EARLY_BARRELS,
  );
  const screensOf = usersOf(
    ctx,
    ids.filter((id) => !SIGN_IN_PAGES.test(id)),
    SCREEN_MODULE,
  );
  // The sign-in pages' modules, planned as the screens' shared ones are, the two pages counting as screens.
  const pagesOf = usersOf(ctx, ids, SIGN_IN_PAGES);
  // What no page or screen reaches (a package index's other parts, which the bundler drops) is not planned:
  // its size before tree shaking would weigh in the plan; what is left of it goes with `sign-in`.
  const pageModules = [...signIn]
    .filter((id) => !initial.has(id) && (pagesOf.has(id) || screensOf.has(id)))
    .map((id) => ({
      id,
      size: ctx.getModuleInfo(id)?.code?.length ?? 0,
      screens: [...(screensOf.get(id) ?? []), ...(pagesOf.get(id) ?? [])],
      imports: directImports(ctx, id, EARLY_BARRELS),
    }));
  for (const [id, name] of sharedChunkNames(pageModules, FILE_COST, signInChunkName)) signInNames.set(id, name);
  const modules = ids
    .filter((id) => sharedCandidate(id) && !initial.has(id) && !SCREEN_MODULE.test(id) && !FEATURE_INDEX.test(id))
    .map((id) => ({
      id,
      size: ctx.getModuleInfo(id)?.code?.length ?? 0,
      screens: screensOf.get(id) ?? [],
      imports: directImports(ctx, id, EARLY_BARRELS),
    }));
  for (const [id, name] of sharedChunkNames(modules)) sharedNames.set(id, name);
}

/**
 * A plugin that hands one importer's import of `source` a module of ours instead (`shim`, under src/web/lib).
 */
function swapImport(name: string, source: string, importer: RegExp, shim: string): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/web/lib', shim);
  return {
    name,
    enforce: 'pre',
    resolveId: (id, from) => (id === source && from && importer.test(from) ? file : null),
  };
}

/**
 * Mantine's ScrollArea (in the screens' shared chunks with the grids and dialogs) imports one hook from
 * Floating UI; this gives it the same hook on Mantine's own (lib/scroll-area-refs.ts), so Floating UI stays
 * in the popups' chunk (decision 225).
 */
const scrollAreaRefs = () =>
  swapImport(
    'scroll-area-refs',
    '@floating-ui/react',
    /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/,
    'scroll-area-refs.ts',
  );

/**
 * Mantine's provider with its CSS variables turned off (start-app.tsx; they are built ahead, decision
 * 228) still imports the component that writes them and its resolver: it gets lib/no-css-variables.ts
 * instead (decision 257).
 */
const noCssVariables = () =>
  swapImport(
    'no-css-variables',
    './MantineCssVariables/MantineCssVariables.mjs',
    /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$/,
    'no-css-variables.ts',
  );

/**
 * Mantine's `useId` replaces React's id with a random one in a layout effect after mounting, so every
 * component with an id (inputs, tooltips, the shell) was built twice in a row, the second time at once:
 * its own index gets lib/stable-id.ts instead (decision 233).
 */
const stableIds = () => swapImport('stable-ids', './use-id/use-id.mjs', /@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/, 'stable-id.ts');

/** zod and the modules that build schemas with it: the shared schemas and the forms' glue (decision 223). */
const ZOD_CHUNK = /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/]schemas[\\/]|src[\\/]web[\\/]lib[\\/]zod-form\.ts$/;
/** A shared schema module: a chunk of its own, so a form runs the schemas it checks with, not all of them (decision 229). */
const SCHEMA_MODULE = /src[\\/]shared[\\/]schemas[\\/]([\w-]+)\.ts$/;

/** The popups' machinery and the loaded Select, which only code fetched on first use (and the entry forms) imports. */
const POPUP =
  /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Popover[\\/]|Select[\\/]|Combobox[\\/](?!ComboboxChevron[\\/]|Combobox\.module))|core[\\/]utils[\\/]find-element-in-shadow-dom[\\/]))|src[\\/]web[\\/]components[\\/]select-loaded\.tsx$/;

/**
 * A modal's machinery (Mantine's Modal and react-remove-scroll) and the form dialog's frame: only code
 * fetched when a dialog first opens imports it (lazyDialog, decision 249), so no screen waits for it. The
 * focus trap stays out of it: popovers use it too, and the entry forms load theirs with their Selects.
 */
const DIALOG =
  /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Modal|ModalBase)|react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|use-callback-ref|get-nonce)[\\/]|src[\\/]web[\\/]components[\\/]form-dialog\.tsx$/;

/** Whether a module used by two or more screens goes into their shared chunks (decisions 216, 253). */
const sharedByScreens = (id: string) => /src[\\/](web|shared)[\\/]|node_modules[\\/]/.test(id) && !OWN_CHUNK.test(id);

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), scrollAreaRefs(), stableIds(), noCssVariables(), signInPages(), screensPage(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // A feature's index (features/<name>/index.ts) only re-exports: without side effects, a chunk that
      // uses one name from it imports that name's chunk, not (to run the index in order) all of its parts'
      // chunks, which made the screens' shared chunks import each other (decision 253).
      treeshake: { moduleSideEffects: (id: string) => (FEATURE_INDEX.test(id) ? false : undefined) },
      input: {
        index: path.resolve(import.meta.dirname, 'src/web/index.html'),
        early: path.resolve(import.meta.dirname, 'src/web/early.ts'),
      },
      output: {
        codeSplitting: {
          // A module goes where its group puts it, without pulling its imports along: the screens' shared
          // chunk below keeps the charts out, though shared modules import them.
          includeDependenciesRecursively: false,
          groups: [
            // Everything the first page runs is one file: a phone on a slow line fetched 17 small files
            // over six connections before it could paint (decision 200). In it, main.tsx imports
            // zod-jitless.ts first, so jitless is set before any schema is built.
            { name: 'early', test: (id: string) => early.has(id), priority: 4 },
            { name: 'start', tags: ['$initial'], priority: 3 },
            // zod is one chunk for the lazily loaded code (decision 198); main.tsx sets jitless before it
            // can load (a schema built first would trip the content security policy).
            // With it, the shared schemas and the forms' zod glue: only a module that builds or checks a form
            // imports this chunk, and a screen that shows none does not wait for it (decision 223).
            // Each schema module is a chunk of its own (a form that checks a transaction ran every schema of
            // the app as the one chunk loaded: 60 ms on a phone's first Add Transaction; decision 229).
            {
              name: (id: string) => {
                const module = SCHEMA_MODULE.exec(id)?.[1];
                return module ? `schema-${module}` : null;
              },
              test: SCHEMA_MODULE,
              priority: 2,
            },
            { name: 'zod', test: ZOD_CHUNK, priority: 2 },
            { name: (id: string) => signInNames.get(id) ?? 'sign-in', test: (id: string) => signIn.has(id), minShareCount: 1, priority: 1 },
            // The popups' machinery (Mantine's Popover, Combobox and ScrollArea, Floating UI): only the code
            // fetched when a field, a calendar or a menu is first used needs it (decisions 222, 225).
            { name: 'popup', test: POPUP, minShareCount: 1, priority: 1 },
            { name: 'dialog', test: DIALOG, minShareCount: 1, priority: 1 },
            // What two or more screens use is a few files: a screen fetched 25-50 pieces of 1-10 KB after the
            // start-up code, a round trip each on a phone's six connections (decision 216), and then all of
            // one file, half of it code it did not run: now `shared`, which every screen uses, and a few
            // more by the screens that use them (scripts/shared-chunks.ts, decision 253). A screen's own
            // code, and the heavy parts only some screens show, stay in their own chunks.
            { name: (id: string) => sharedNames.get(id) ?? 'shared', test: sharedByScreens, minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
    },
  },
});
