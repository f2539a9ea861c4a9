import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi-document';

/** Swagger UI's files, from the installed swagger-ui-dist package: nothing is fetched from the internet (decision 161). */
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
export const DOCS_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The page: no inline script (the app's CSP allows scripts from this origin only), Swagger UI started by docs.js. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Coin Ledger API</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/docs.js"></script>
  </body>
</html>
`;

/** No validator badge (it would call validator.swagger.io) and no "try it" token kept past the tab. */
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: true,
  persistAuthorization: false,
});
`;

/** GET /api/openapi.json (the document, generated from the zod schemas) and /api/docs (Swagger UI over it). */
export function registerApiDocs(app: FastifyInstance): void {
  app.get('/api/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').send(openApiDocument().text));
  app.get('/api/docs', (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get<{ Params: { file: string } }>('/api/docs/:file', (req, reply) => {
    if (req.params.file === 'docs.js') return reply.type('text/javascript; charset=utf-8').send(START);
    const type = DOCS_FILES[req.params.file];
    if (!type) return reply.code(404).send({ message: `Not found: GET /api/docs/${req.params.file}` });
    return reply.type(type).send(fs.createReadStream(path.join(SWAGGER_DIR, req.params.file)));
  });
}
