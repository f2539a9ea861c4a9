import { z } from 'zod';
import { appRouter, type ProcedurePath } from '../trpc/app-router';
import { ANSWERED_BY, JOB_STATUSES, REST_ROUTES, successStatus } from './rest';
import {
  ERROR_STATUSES,
  type ErrorStatus,
  errorBody,
  errorRefs,
  type JsonSchema,
  jsonSchema,
  type Operation,
  propertiesOf,
} from './openapi-schemas';
import { otherPaths, OTHER_SCHEMAS } from './openapi-routes';

interface ProcedureDef {
  inputs: unknown[];
  output?: unknown;
  meta?: { access?: string; answer?: unknown };
  type: 'query' | 'mutation' | 'subscription';
}

const isZod = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

const isProcedure = (v: unknown): v is { _def: ProcedureDef } =>
  (typeof v === 'function' || (typeof v === 'object' && v !== null)) && '_def' in v;

function procedureDef(path: ProcedurePath): ProcedureDef {
  const found: unknown = Reflect.get(appRouter._def.procedures, path);
  if (!isProcedure(found)) throw new Error(`No procedure ${path}`);
  return found._def;
}

/** `/api/customers/:id` as OpenAPI writes it (`/api/customers/{id}`), with its parameters' names. */
export function openApiPath(url: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (names.push(name), `{${name}}`));
  return { path, names };
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/**
 * The statuses a REST row's failures may answer. Any route can meet a bad input or query (400), a
 * missing or refused credential (401, 403; sign-in answers them too), an unknown id (404) and the
 * limits (429, 503); writes also a conflict (409) and a body too large or of another type (413, 415).
 */
function errorStatuses(writes: boolean): ErrorStatus[] {
  return writes ? [400, 401, 403, 404, 409, 413, 415, 429, 500, 503] : [400, 401, 403, 404, 429, 500, 503];
}

/** One row of the REST table as an operation: its parameters and body from the procedure's input schema, its answers from its output. */
function restOperation(method: string, url: string, procedure: ProcedurePath, status: unknown): Operation {
  const def = procedureDef(procedure);
  const { names } = openApiPath(url);
  const input = def.inputs.find(isZod);
  const inputSchema = input ? jsonSchema(input, 'input') : null;
  const { properties, required } = inputSchema ? propertiesOf(inputSchema) : { properties: {}, required: [] };
  const parameters: JsonSchema[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  let requestBody: JsonSchema | undefined;
  const rest = Object.keys(properties).filter((name) => !names.includes(name));
  if (method === 'GET' || method === 'DELETE') {
    for (const name of rest) parameters.push({ name, in: 'query', required: required.includes(name), schema: properties[name] });
  } else if (inputSchema && (rest.length > 0 || !('properties' in inputSchema))) {
    const body = names.length
      ? {
          ...inputSchema,
          properties: Object.fromEntries(rest.map((name) => [name, properties[name]])),
          required: required.filter((name) => !names.includes(name)),
        }
      : inputSchema;
    requestBody = { required: required.some((name) => !names.includes(name)) || !('properties' in inputSchema), content: json(body) };
    if (procedure === 'transactions.create') {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A fresh key per submit: a retry with the same key records nothing new (the same as the body field idempotencyKey)',
        schema: { type: 'string', minLength: 8, maxLength: 200 },
      });
    }
  }
  const answers = (ANSWERED_BY[procedure] ?? [procedure]).map((path) => procedureDef(path).output ?? procedureDef(path).meta?.answer);
  const shapes = answers.filter(isZod).map((schema) => jsonSchema(schema, 'output'));
  const answer = shapes.length === 1 ? shapes[0] : { anyOf: shapes };
  const method_ = method as 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const statuses: number[] =
    typeof status === 'function' ? [...JOB_STATUSES] : [successStatus(method_, typeof status === 'number' ? status : undefined)];
  const responses: Record<string, JsonSchema> = {};
  for (const code of statuses) {
    responses[String(code)] = code === 204 ? { description: 'Done; no body' } : { description: 'Success', content: json(answer) };
  }
  const errors = errorStatuses(method !== 'GET').filter((s) => !(String(s) in responses));
  return {
    operationId: procedure,
    summary: `${procedure} (${def.meta?.access === 'admin' ? 'admins only' : def.meta?.access === 'public' ? 'no sign-in' : 'signed in'})`,
    tags: [url.split('/')[2]],
    ...(def.meta?.access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...responses, ...errorRefs(errors) },
  };
}

/** The OpenAPI 3.1 document of every /api route, generated from the procedures' zod schemas (decision 160). */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, Operation>> = {};
  const add = (url: string, method: string, operation: Operation) => {
    const { path } = openApiPath(url);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
  };
  for (const [method, url, procedure, , status] of REST_ROUTES) add(url, method, restOperation(method, url, procedure, status));
  for (const [url, methods] of Object.entries(otherPaths()))
    for (const [method, operation] of Object.entries(methods)) add(url, method, operation);
  const errorSchema = jsonSchema(errorBody, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Coin Ledger API',
      version: '1',
      description:
        'Every /api route of Coin Ledger. Send `Authorization: Bearer <token>` (a sign-in token from POST /api/auth/login, or an API token). ' +
        'Money and coins are decimal strings with two decimals ("-20.00"); input accepts a number or a numeric string with at most two decimals. ' +
        'Every failure answers `{ message, errors? }`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A sign-in token (POST /api/auth/login) or an API token' },
      },
      schemas: { Error: errorSchema, ...OTHER_SCHEMAS },
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUSES).map(([status, description]) => [
          status,
          { description, content: json({ $ref: '#/components/schemas/Error' }) },
        ]),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let built: { document: OpenApiDocument; text: string } | undefined;
/** The document, built once per process (it depends on the code alone). */
export function openApiDocument() {
  built ??= (() => {
    const document = buildOpenApiDocument();
    return { document, text: JSON.stringify(document) };
  })();
  return built;
}
