import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openApiDocument } from '../http/openapi-document';
import { contractProblems as problems } from './contract-problems';

/**
 * The contract check of the server tests (decision 160): every answer a test receives from an /api
 * route is compared with what the OpenAPI document says that route answers with that status. A status
 * the document does not list, a content type it does not name, or a JSON body its schema refuses is
 * recorded, and the test fails (setup.ts).
 */

type Responses = Record<string, { $ref?: string; content?: Record<string, unknown> }>;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The document's path of a route as Fastify names it (`/api/customers/:id`), for this request. */
function documentPath(route: string, params: Record<string, string>): string {
  // The exports are one Fastify route and one path per export in the document.
  if (route === '/api/exports/:file' && /^[a-z-]+\.(csv|xlsx)$/.test(params.file ?? '')) {
    return `/api/exports/${params.file.replace(/\.(csv|xlsx)$/, '')}.{format}`;
  }
  if (route === '/api/import/:kind') return `/api/import/${params.kind}`;
  return route.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** What is wrong with this answer by the document, or null. */
export function contractProblem(
  method: string,
  route: string,
  params: Record<string, string>,
  status: number,
  type: string,
  body: unknown,
) {
  const { document } = openApiDocument();
  const path = documentPath(route, params);
  // A file name that is no export is a 404 of the exports' route, as an unknown path is.
  if (path === '/api/exports/{file}' && status === 404) return null;
  const operations: Record<string, { responses: Responses } | undefined> | undefined = Reflect.get(document.paths, path);
  const operation = operations?.[method.toLowerCase()];
  if (!operation) return `${method} ${path} is not in the OpenAPI document`;
  const response = operation.responses[String(status)];
  if (!response) return `${method} ${path} answered ${status}, a status the document does not list`;
  const where = response.$ref
    ? pointer('components', 'responses', String(status))
    : pointer('paths', path, method.toLowerCase(), 'responses', String(status));
  const content = response.$ref
    ? document.components.responses[String(status) as keyof typeof document.components.responses].content
    : response.content;
  if (!content) return type ? `${method} ${path} ${status} has a body (${type}) where the document says none` : null;
  const mediaType = type.split(';')[0].trim();
  if (!(mediaType in content)) return `${method} ${path} ${status} answered ${mediaType || 'no content type'}, not one the document names`;
  if (mediaType !== 'application/json' || body === undefined) return null;
  const key = `${where}/content/${pointer(mediaType)}/schema`;
  let validate = validators.get(key);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
      ajv.addSchema(document, 'openapi.json');
    }
    validate = ajv.compile({ $ref: `openapi.json#/${key}` });
    validators.set(key, validate);
  }
  if (validate(body)) return null;
  return `${method} ${path} ${status}: the body does not match the document: ${ajv?.errorsText(validate.errors)}`;
}

/** Checks every /api answer of this test server against the document (added before the server is ready). */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const route = req.routeOptions.url;
    if (route?.startsWith('/api/')) {
      const type = String(reply.getHeader('content-type') ?? '');
      let body: unknown;
      if (typeof payload === 'string' && type.startsWith('application/json')) {
        try {
          body = JSON.parse(payload);
        } catch {
          problems.push(`${req.method} ${route} answered JSON that does not parse`);
        }
      }
      const params: Record<string, string> = {};
      const given: unknown = req.params;
      if (typeof given === 'object' && given !== null) for (const [name, value] of Object.entries(given)) params[name] = String(value);
      const problem = contractProblem(req.method, route, params, reply.statusCode, type, body);
      if (problem) problems.push(problem);
    }
    done(null, payload);
  });
}
