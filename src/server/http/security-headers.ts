import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers with the web app's content security policy (no inline scripts, no framing). Over
 * plain HTTP (an office serving http://office.lan:3000) the page must not ask the browser to upgrade
 * its requests to https, which would leave it blank, nor send HSTS; both are added only over HTTPS.
 */
function helmetOptions(https: boolean) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for attachments, which the signed-in app fetches with its token and shows (decision 192).
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, computed once per protocol: they do not depend on the request otherwise, and
 * building helmet's middleware per request (as @fastify/helmet does) cost a few percent of every response.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  // Helmet writes its headers onto a real (never sent) response, which is then read back.
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(helmetOptions(https))(req, res, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) headers[name] = String(value);
  return headers;
}

/** The API's paths (REST and tRPC), with or without a rest and a query; not `/apiary` or the web app's files. */
const API_PATH = /^\/(?:api|trpc)(?:[/?]|$)/;

export function registerSecurityHeaders(app: FastifyInstance): void {
  const plain = securityHeaders(false);
  const secure = securityHeaders(true);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.protocol === 'https' ? secure : plain);
    // Answers of the API carry balances, names and (the sign-in's) a token: no browser or proxy may keep
    // a copy. Errors and 404s too. The web app's files keep their own caching (static.ts).
    if (API_PATH.test(req.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
