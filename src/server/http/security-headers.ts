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
        imgSrc: ["'self'", 'data:'],
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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const plain = securityHeaders(false);
  const secure = securityHeaders(true);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.protocol === 'https' ? secure : plain);
    done();
  });
}
