import fs from 'node:fs';
import path from 'node:path';

/**
 * Builds what `npm start` serves: the web app (Vite, into dist/web) and the server (esbuild, ES modules
 * dist/server/main.mjs and its read worker read-worker.mjs, with node_modules left external), each only when a source is newer
 * than its output. Running compiled JavaScript keeps the TypeScript loader out of the server process
 * (about 60 MB of memory; docs/decisions/001).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.mjs');
const WEB_STAMP = path.join(ROOT, 'dist/web/index.html');
// vite.config.ts and the build scripts it imports (the screens' pages, the shared chunks' plan, the module walk).
const WEB_INPUTS = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/screen-pages.ts',
  'scripts/shared-chunks.ts',
  'scripts/module-walk.ts',
  'postcss.config.cjs',
  'package.json',
];
const SERVER_INPUTS = ['src/server', 'src/shared', 'migrations', 'package.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
function isStale(output: string, inputs: string[]): boolean {
  const built = fs.statSync(output, { throwIfNoEntry: false });
  if (!built) return true;
  return inputs.some((input) => newestMtime(path.join(ROOT, input)) > built.mtimeMs);
}

const webBuildIsStale = () => isStale(WEB_STAMP, WEB_INPUTS);
const serverBuildIsStale = () => isStale(SERVER_BUNDLE, SERVER_INPUTS);

async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
}

async function buildServer(): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    // The workers are entries of their own, loaded by file name beside main.mjs (docs/decisions/020).
    entryPoints: {
      main: path.join(ROOT, 'src/server/main.ts'),
      'read-worker': path.join(ROOT, 'src/server/reads/read-worker.ts'),
      'import-worker': path.join(ROOT, 'src/server/features/import/import-worker.ts'),
      'maintenance-worker': path.join(ROOT, 'src/server/db/maintenance-worker.ts'),
    },
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

// `--server-only` skips the web app (npm run build has just built it); `--force` rebuilds the server.
if (!process.argv.includes('--server-only') && webBuildIsStale()) {
  console.log('Building the web app…');
  await buildWeb();
}
if (process.argv.includes('--force') || serverBuildIsStale()) await buildServer();
