import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { screenPageFile } from '../src/shared/screens';
import { screenPagePaths } from './screen-pages';

// Reports the initial JavaScript (what index.html loads before any lazy chunk) in gzip bytes and
// fails when it passes the budget or when exceljs sits in it.
const BUDGET_BYTES = 250 * 1024;
const dist = path.resolve(import.meta.dirname, '../dist/web');
/** A built file's size sent gzipped, at the build's level (vite.config.ts, `precompress`). */
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const initial = new Set<string>();
const queue = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
while (queue.length) {
  const file = queue.pop()!;
  if (initial.has(file)) continue;
  initial.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  // Static imports of other chunks are loaded up front too; dynamic import() ones are not.
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(`assets/${m[1]}`);
  }
}

let total = 0;
let hasExcel = false;
// The server sends the build's brotli and gzip copies (vite.config.ts, decision 171): a missing copy
// would go out whole to a phone.
const pages = fs.readdirSync(dist).filter((f) => f.endsWith('.html'));
const uncompressed = [...initial, ...pages].filter((f) => !['.br', '.gz'].every((ext) => fs.existsSync(path.join(dist, f + ext))));
if (uncompressed.length) {
  console.error(`FAIL: no .br and .gz copy of ${uncompressed.join(', ')}`);
  process.exit(1);
}
for (const file of initial) {
  total += gzipSize(file);
  if (/exceljs|ExcelJS|SpreadsheetML/.test(fs.readFileSync(path.join(dist, file), 'utf8'))) hasExcel = true;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`initial JavaScript: ${initial.size} file(s), ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error(`FAIL: the initial JavaScript is over budget by ${kb(total - BUDGET_BYTES)}`);
  process.exit(1);
}
if (hasExcel) {
  console.error('FAIL: exceljs is in the initial JavaScript; load it with import() on first export');
  process.exit(1);
}

// The screens' shared code (vite.config.ts, decision 216) is split by the screens that paint with it
// (scripts/shared-chunks.ts, decision 253): `shared`, the part most screens use, and `shared-1`, `shared-2`...
// the parts some use. A heavy library that slipped into one (the charts) would weigh on all of its screens.
const SHARED_BUDGET_BYTES = 110 * 1024;
// A name's hash is 8 characters: `shared-` and 8 is the one, `shared-N-` and 8 the others.
const sharedChunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^shared-(\d+-)?[\w-]{8}\.js$/.test(f));
const core = sharedChunks.filter((f) => /^shared-[\w-]{8}\.js$/.test(f));
if (core.length !== 1) {
  console.error(`FAIL: expected one chunk most screens share, found ${core.length}`);
  process.exit(1);
}
const sharedSizes = sharedChunks.map((f) => gzipSize(path.join('assets', f)));
console.log(
  `screens' shared chunks: ${kb(gzipSize(path.join('assets', core[0])))} gzip the one most screens fetch, ${sharedChunks.length - 1} more some fetch (budget ${kb(SHARED_BUDGET_BYTES)} each)`,
);
const over = sharedChunks.filter((_, i) => sharedSizes[i] > SHARED_BUDGET_BYTES);
if (over.length) {
  console.error(`FAIL: a shared chunk of the screens is over budget: ${over.join(', ')}`);
  process.exit(1);
}

// Two chunks that import each other evaluate in an order neither expects: a module reading another's
// export before it is set fails at start ("reading 'classes' of undefined", seen when a group split
// Mantine's inputs from the rest). The groups in vite.config.ts must leave no such cycle.
const assets = path.join(dist, 'assets');
const importsOf = new Map(
  fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    // `from "./x.js"`, and `import "./x.js"`, which the bundler writes to run a chunk first.
    .map((f) => [
      f,
      [...fs.readFileSync(path.join(assets, f), 'utf8').matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]),
    ]),
);
const cycle = (start: string): string[] | null => {
  const walk = (file: string, trail: string[]): string[] | null => {
    for (const next of importsOf.get(file) ?? []) {
      if (next === start) return [...trail, next];
      if (!trail.includes(next)) {
        const found = walk(next, [...trail, next]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(start, [start]);
};
for (const file of importsOf.keys()) {
  const found = cycle(file);
  if (found) {
    console.error(`FAIL: chunks import each other: ${found.join(' -> ')}`);
    process.exit(1);
  }
}

// zod comes with a form, the popups' code (Mantine's Select, Popover, Floating UI) with the first field,
// calendar or menu used, and a modal's code with the first dialog opened, never before a screen's first
// paint (decisions 223, 225, 249): the start-up file, the screens' shared chunks, the inputs and the sign-in chunks hold
// none of them and import nothing that does.
const staticClosure = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of importsOf.get(file) ?? []) staticClosure(next, seen);
  return seen;
};
const firstPaint = new Set([...initial].map((f) => path.basename(f)));
for (const chunk of fs.readdirSync(assets).filter((f) => /^(shared|sign-in|inputs)-[\w-]+\.js$/.test(f)))
  for (const f of staticClosure(chunk)) firstPaint.add(f);
const late = [...firstPaint].filter((f) => {
  const code = fs.readFileSync(path.join(assets, f), 'utf8');
  return /^(zod|popup|dialog)-[\w-]+\.js$/.test(f) || /[`"']\$ZodObject[`"']/.test(code) || /[`"'](Combobox|Modal)[`"']/.test(code);
});
if (late.length) {
  console.error(
    `FAIL: zod, the popups' or a modal's code is before the first paint, in ${late.join(', ')}: a screen imports a schema module (constants: shared/limits.ts), Mantine's Select (use components/select.tsx) or its Modal (use components/lazy-dialog.tsx)`,
  );
  process.exit(1);
}
console.log(`before the first paint: ${firstPaint.size} file(s), no zod, no popups' or modal's code`);

// A screen's own chunk paints without zod too: a constant taken from a schema module brought the whole
// of zod to the import screen's first paint (21 KB on a phone's line, then its run; decision 239). Every
// form fetches its check on first use: Add Transaction (decision 230), Login (244), Profile (257).
const routes = path.resolve(import.meta.dirname, '../src/web/routes');
const allScreenChunks = fs
  .readdirSync(routes)
  .filter((f) => /^[a-z-]+\.tsx$/.test(f))
  .map((f) => f.replace(/\.tsx$/, ''))
  .flatMap((screen) => [...importsOf.keys()].filter((f) => new RegExp(`^${screen}-[\\w-]{8}\\.js$`).test(f)));
/** The screens' own chunks that fetch a chunk of `name` before their first paint (they import it). */
const fetchingFirst = (name: string) =>
  allScreenChunks.filter((chunk) => [...staticClosure(chunk)].some((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f)));
const withZod = fetchingFirst('zod');
if (withZod.length) {
  console.error(
    `FAIL: a screen fetches zod before its first paint: ${withZod.join(', ')} (take constants from a module without zod, a form's check with lib/checks-on-use.ts)`,
  );
  process.exit(1);
}
// Nor a modal's code: a dialog's code comes when it first opens (components/lazy-dialog.tsx, decision 249);
// nor the popups': a field's list comes when it is first used, Add Transaction's too (components/select.tsx,
// its `takesKeys`; decision 257).
const withModal = fetchingFirst('dialog');
if (withModal.length) {
  console.error(`FAIL: a screen fetches a modal's code before its first paint: ${withModal.join(', ')} (use components/lazy-dialog.tsx)`);
  process.exit(1);
}
const withPopups = fetchingFirst('popup');
if (withPopups.length) {
  console.error(`FAIL: a screen fetches the popups' code before its first paint: ${withPopups.join(', ')} (use components/select.tsx)`);
  process.exit(1);
}
console.log(`screens' own chunks: ${allScreenChunks.length}, none fetches zod, a modal's or the popups' code before its first paint`);

// The page's first script (early.ts, decision 246) starts the sign-in check and the first reads while the
// start-up file downloads: it must need nothing but itself (and the bundler's runtime), or it waits for
// what it imports. A component imported by a route's declaration (root-routes.tsx) would bring React's DOM
// code and Mantine into it.
const EARLY_BUDGET_BYTES = 75 * 1024;
const earlyChunk = [...importsOf.keys()].filter((f) => /^early-[\w-]+\.js$/.test(f));
const earlyImports = (importsOf.get(earlyChunk[0] ?? '') ?? []).filter((f) => !/^rolldown-runtime-[\w-]+\.js$/.test(f));
const screensPage = fs.readFileSync(path.join(dist, 'screens.html'), 'utf8');
if (
  earlyChunk.length !== 1 ||
  earlyImports.length ||
  !screensPage.includes(`<script type="module" crossorigin src="/assets/${earlyChunk[0]}">`)
) {
  console.error(
    `FAIL: the page's first script is not one chunk that screens.html runs and that imports only the runtime (found ${earlyChunk.join(', ') || 'none'}, importing ${earlyImports.join(', ') || 'nothing else'})`,
  );
  process.exit(1);
}
const earlyBytes = gzipSize(path.join('assets', earlyChunk[0]));
if (earlyBytes > EARLY_BUDGET_BYTES) {
  console.error(`FAIL: the page's first script is over budget by ${kb(earlyBytes - EARLY_BUDGET_BYTES)}`);
  process.exit(1);
}
console.log(`the page's first script: ${kb(earlyBytes)} gzip (budget ${kb(EARLY_BUDGET_BYTES)}), imports only the runtime`);

// Each screen's own page (decision 250) asks for the scripts screens.html asks for and for its screen's
// code (the screen's chunk and the chunks it imports), nothing else: another screen's code, or a dialog's, would be
// bytes its first paint waits beside.
const assetsOf = (page: string) => new Set([...page.matchAll(/"\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
const screensAsked = assetsOf(screensPage);
const screenPaths = screenPagePaths(routes);
for (const [route, screen] of screenPaths) {
  const file = path.join(dist, screenPageFile(route));
  const own = [...importsOf.keys()].find((f) => new RegExp(`^${screen}-[\\w-]{8}\\.js$`).test(f));
  if (!fs.existsSync(file) || !own) {
    console.error(`FAIL: no page of its own (${screenPageFile(route)}) or no chunk of its own for ${route}`);
    process.exit(1);
  }
  const asked = assetsOf(fs.readFileSync(file, 'utf8'));
  const expected = new Set([...screensAsked, ...staticClosure(own)]);
  const wrong = [...asked].filter((f) => !expected.has(f) || /^dialog-[\w-]+\.js$/.test(f));
  const missing = [...expected].filter((f) => !asked.has(f));
  if (wrong.length || missing.length) {
    console.error(
      `FAIL: ${screenPageFile(route)} asks for ${wrong.join(', ') || 'nothing else'}, not for ${missing.join(', ') || 'nothing missing'}`,
    );
    process.exit(1);
  }
}
console.log(`screens' own pages: ${screenPaths.length}, each asking for its screen's code and no other`);
