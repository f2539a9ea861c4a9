import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readBuild, sendBuilt } from './built-files';
import { isScreenPath, isSignInPath, SCREENS, screenPageFile } from '../../shared/screens';

/** The project folder: the nearest one above `from` with a package.json (from src/ and from the dist/server bundle alike). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export const WEB_DIST = path.join(projectRoot(import.meta.dirname), 'dist/web');

/** How a client route's page is sent: the path decides which of the build's pages. */
export type ServePage = (reply: FastifyReply, path: string) => unknown;

/**
 * Serves the built web app; unknown non-API paths get the app's page so client routes load directly: a
 * signed-in screen's path gets its own page (screens.html asking for that screen's code too; decision 250)
 * or screens.html (index.html asking for the screens' shared code too; decision 218), Login and Reset
 * password sign-in.html (asking for the sign-in code; decision 244), any other index.html.
 */
export async function registerStatic(app: FastifyInstance, root = WEB_DIST): Promise<ServePage> {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    return (reply) =>
      reply.code(503).type('text/plain').send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
  }
  // Read once, sent from memory (decision 254); each file as the browser takes it, brotli or gzip as the
  // build wrote it (decision 171). A file's name carries its content's hash, so the browser keeps it.
  const files = readBuild(root);
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  app.get('/assets/*', (req, reply) => {
    const file = files.get(`assets/${(req.params as { '*': string })['*']}`);
    return file ? sendBuilt(reply, file, IMMUTABLE) : reply.callNotFound();
  });
  const built = (page: string) => files.has(page);
  const [screens, signIn] = [built('screens.html'), built('sign-in.html')];
  // The screens' own pages (decision 250), by path, as the build wrote them; other screen paths (a
  // customer's page) get screens.html.
  const ownPages = new Map(
    ['/', ...SCREENS.map((screen) => screen.path)].filter((p) => built(screenPageFile(p))).map((p) => [p, screenPageFile(p)]),
  );
  const screenPage = (pathname: string) => ownPages.get(pathname) ?? 'screens.html';
  const pageFor = (pathname: string) =>
    screens && isScreenPath(pathname) ? screenPage(pathname) : signIn && isSignInPath(pathname) ? 'sign-in.html' : 'index.html';
  // A page is asked for again on each visit: no browser keeps it, so a new build's page is the one loaded.
  const servePage: ServePage = (reply, pathname) => {
    const page = files.get(pageFor(pathname));
    return page ? sendBuilt(reply, page, 'no-cache') : reply.callNotFound();
  };
  app.get('/', (_req, reply) => servePage(reply, '/'));
  return servePage;
}
