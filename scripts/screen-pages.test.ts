import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/server/testing/test-db';
import { SCREENS } from '../src/shared/screens';
import { type PageChunk, screenFiles, screenRoutes } from './screen-pages';

const ROUTES = path.resolve(import.meta.dirname, '../src/web/routes');

describe("the screens' own pages (decision 250)", () => {
  it('finds each screen path of the route files with the screen it loads, and no path with a parameter', () => {
    const routes = screenRoutes(ROUTES);
    expect(routes.get('/dashboard')).toBe('dashboard');
    expect(routes.get('/')).toBe('add-transaction');
    expect(routes.get('/transactions/add')).toBe('add-transaction');
    expect(routes.get('/reports/high-sc')).toBe('report-high-sc');
    expect(routes.get('/admin/books')).toBe('books');
    expect([...routes.keys()].filter((route) => route.includes('$'))).toEqual([]);
    // Every screen of the app, the start page, Login and Reset password.
    for (const screen of SCREENS) expect(routes.has(screen.path), screen.path).toBe(true);
    expect(routes.size).toBe(SCREENS.length + 3);
  });

  it('refuses a route file that loads another screen, and a path declared twice', () => {
    const dir = tempDir('ledger-routes-');
    fs.writeFileSync(path.join(dir, 'a.route.ts'), "createRoute({ path: '/a', component: lazy(() => import('./b')) })");
    expect(() => screenRoutes(dir)).toThrow('routes/a.route.ts loads b, not routes/a.tsx');
    fs.writeFileSync(path.join(dir, 'a.route.ts'), "createRoute({ path: '/a', component: lazy(() => import('./a')) })");
    fs.writeFileSync(path.join(dir, 'c.route.ts'), "createRoute({ path: '/a', component: lazy(() => import('./c')) })");
    expect(() => screenRoutes(dir)).toThrow('/a is declared by routes/a.route.ts and routes/c.route.ts');
  });

  it("lists a screen's chunk, what it imports (walked) and their style sheets, leaving out what the page asks for already", () => {
    const chunk = (fileName: string, imports: string[], css: string[] = []): [string, PageChunk] => [fileName, { fileName, imports, css }];
    const chunks = new Map([
      chunk('add.js', ['shared.js', 'popup.js'], ['add.css']),
      chunk('popup.js', ['floating.js', 'shared.js'], ['screens.css']),
      chunk('floating.js', ['popup.js']),
      chunk('shared.js', ['sign-in.js']),
    ]);
    expect(screenFiles('add.js', chunks, new Set(['shared.js', 'screens.css']))).toEqual({
      scripts: ['add.js', 'popup.js', 'floating.js'],
      styles: ['add.css'],
    });
    expect(() => screenFiles('add.js', chunks, new Set())).toThrow('sign-in.js is not a chunk of the build');
  });
});
