import fs from 'node:fs';
import path from 'node:path';
import { isScreenPath } from '../src/shared/screens';

/**
 * The paths each screen's route file declares, by screen: `routes/<name>.route.ts` declares its paths
 * (`path: '/...'`) and loads its screen from `routes/<name>.tsx` (decision 250). A route file that loads
 * another file, or a screen path declared twice, is an error: the pages the build writes per path
 * (vite.config.ts) would ask for the wrong screen's code. Paths with a parameter (a customer's page) are
 * left out: their pages ask for the screens' shared code only.
 */
export function screenRoutes(routesDir: string): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const file of fs.readdirSync(routesDir).filter((f) => f.endsWith('.route.ts'))) {
    const name = file.slice(0, -'.route.ts'.length);
    const source = fs.readFileSync(path.join(routesDir, file), 'utf8');
    const loads = [...source.matchAll(/import\(\s*'\.\/([\w-]+)'\s*\)/g)].map((m) => m[1]);
    if (loads.some((load) => load !== name))
      throw new Error(`screen-pages: routes/${file} loads ${loads.join(', ')}, not routes/${name}.tsx`);
    for (const [, route] of source.matchAll(/\bpath:\s*'([^']+)'/g)) {
      if (route.includes('$') || loads.length === 0) continue;
      const other = byPath.get(route);
      if (other) throw new Error(`screen-pages: ${route} is declared by routes/${other}.route.ts and routes/${file}`);
      byPath.set(route, name);
    }
  }
  return byPath;
}

/** A chunk of the build as the page writer reads it: its file, its static imports and its style sheets. */
export interface PageChunk {
  fileName: string;
  imports: readonly string[];
  css: readonly string[];
}

/**
 * The files a screen's own chunk needs before it runs, beside what the screens' page already asks for:
 * the chunk, the chunks it imports (walked) and their style sheets, in the order found.
 */
export function screenFiles(
  start: string,
  chunks: ReadonlyMap<string, PageChunk>,
  asked: ReadonlySet<string>,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const walk = (file: string) => {
    if (asked.has(file) || scripts.includes(file)) return;
    const chunk = chunks.get(file);
    if (!chunk) throw new Error(`screen-pages: ${file} is not a chunk of the build`);
    scripts.push(file);
    for (const sheet of chunk.css) if (!asked.has(sheet)) styles.add(sheet);
    for (const dep of chunk.imports) walk(dep);
  };
  walk(start);
  return { scripts, styles: [...styles] };
}

/** The signed-in screens' paths the route files declare, with their screens: the paths that get a page of their own. */
export const screenPagePaths = (routesDir: string): [path: string, screen: string][] =>
  [...screenRoutes(routesDir)].filter(([route]) => isScreenPath(route));
