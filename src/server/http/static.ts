import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    return (reply) =>
      reply.code(503).type('text/plain').send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each file (vite.config.ts): a phone on a slow line gets a
    // fraction of the bytes, and the server compresses nothing per request (decision 171).
    preCompressed: true,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const built = (page: string) => fs.existsSync(path.join(root, page));
  const [screens, signIn] = [built('screens.html'), built('sign-in.html')];
  // The screens' own pages (decision 250), by path, as the build wrote them; other screen paths (a
  // customer's page) get screens.html.
  const ownPages = new Map(
    ['/', ...SCREENS.map((screen) => screen.path)].filter((p) => built(screenPageFile(p))).map((p) => [p, screenPageFile(p)]),
  );
  const screenPage = (pathname: string) => ownPages.get(pathname) ?? 'screens.html';
  const pageFor = (pathname: string) =>
    screens && isScreenPath(pathname) ? screenPage(pathname) : signIn && isSignInPath(pathname) ? 'sign-in.html' : 'index.html';
  const servePage: ServePage = (reply, pathname) => reply.header('Cache-Control', 'no-cache').sendFile(pageFor(pathname), root);
  app.get('/', (_req, reply) => servePage(reply, '/'));
  return servePage;
}
