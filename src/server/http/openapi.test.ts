import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server';
import { contractProblem } from '../testing/contract';
import { openApiPath } from './openapi-document';
import { REST_ROUTES } from './rest';

let s: TestServer;
interface Schema {
  required?: string[];
  properties?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: Schema }> }>;
}
let document: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

beforeAll(async () => {
  s = await createTestServer();
  const res = await s.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  document = res.json();
});
afterAll(() => s.stop());

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that an outside validator accepts', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every row of the REST table with its method, path parameters and procedure', () => {
    for (const [method, url, procedure] of REST_ROUTES) {
      const { path, names } = openApiPath(url);
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${url}`).toBeDefined();
      expect(operation.operationId).toBe(procedure);
      for (const name of names)
        expect(operation.parameters, `${method} ${url}`).toContainEqual(expect.objectContaining({ name, in: 'path' }));
    }
    expect(REST_ROUTES.length).toBeGreaterThan(60);
  });

  it('describes only routes the server has: the exports, imports, the change stream and these documents included', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => [method, path]));
    for (const [method, path] of operations) {
      const url = path.startsWith('/api/exports/') && path.endsWith('.{format}') ? '/api/exports/:file' : path.replace(/\{(\w+)\}/g, ':$1');
      expect(s.app.hasRoute({ method: method.toUpperCase() as 'GET', url }) || url.startsWith('/api/import/'), `${method} ${path}`).toBe(
        true,
      );
    }
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/exports/token',
        '/api/exports/transactions.{format}',
        '/api/exports/access-log.{format}',
        '/api/import/transactions',
        '/api/import/customers',
        '/api/import/{importId}/failed-rows.csv',
        '/api/events',
        '/api/openapi.json',
        '/api/docs',
      ]),
    );
  });

  it('writes query parameters, request bodies, answers and error statuses from the zod schemas', () => {
    const list = document.paths['/api/transactions'].get;
    expect(list.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'query:customerId',
      'query:casinoId',
      'query:transactionTypeId',
      'query:typeName',
      'query:startDate',
      'query:endDate',
      'query:limit',
      'query:offset',
      'query:sort',
    ]);
    // Both shapes GET /api/transactions answers: the bare array (limit alone) and the page.
    expect(JSON.stringify(list.responses)).toContain('"totalCount"');
    const create = document.paths['/api/transactions'].post;
    expect(create.requestBody?.content['application/json'].schema.required).toEqual([
      'customerId',
      'casinoId',
      'transactionTypeId',
      'unplayedCoinsChange',
      'playedCoinsChange',
      'usdChange',
    ]);
    expect(create.responses['201'].content?.['application/json'].schema.properties?.usdChange).toEqual({
      type: 'string',
      pattern: '^-?\\d+\\.\\d{2}$',
      description: 'An amount written as a decimal string with two decimals',
      examples: ['1250.00', '-20.00'],
    });
    expect(create.responses['400']).toEqual({ $ref: '#/components/responses/400' });
    expect(create.responses['409']).toEqual({ $ref: '#/components/responses/409' });
    expect(document.paths['/api/transactions/{id}'].delete.responses).toHaveProperty('204', { description: 'Done; no body' });
    expect(document.components.schemas.Error).toEqual({
      type: 'object',
      properties: {
        message: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: { path: { type: 'string' }, message: { type: 'string' } },
            required: ['path', 'message'],
            additionalProperties: false,
          },
        },
      },
      required: ['message'],
      additionalProperties: false,
    });
  });

  it('asks for the bearer token everywhere but on sign-in, the reset link, health and these documents', () => {
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const open = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.security] as const),
      )
      .filter(([, security]) => Array.isArray(security) && security.length === 0)
      .map(([name]) => name);
    expect(open.sort()).toEqual([
      'GET /api/docs',
      'GET /api/docs/{file}',
      'GET /api/health',
      'GET /api/openapi.json',
      'POST /api/auth/login',
      'POST /api/auth/login/two-factor',
      'POST /api/auth/reset-password',
    ]);
  });

  it('describes the change stream as text/event-stream with its Last-Event-ID header and its event data', () => {
    const events = document.paths['/api/events'].get;
    expect(Object.keys(events.responses['200'].content ?? {})).toEqual(['text/event-stream']);
    expect(events.parameters?.map((p) => p.name)).toEqual(['Last-Event-ID']);
    expect(events.responses['429']).toEqual({ $ref: '#/components/responses/429' });
    expect(document.components.schemas.ChangeEvent).toMatchObject({ required: ['kind', 'at', 'userId'] });
  });
});

describe('the contract check of the server tests', () => {
  it('finds an answer whose body, status or content type the document does not describe', () => {
    const customer = { id: 1, name: 'Alice', email: null, isActive: true, createdAt: '2026-11-26T00:00:00.000Z', version: 1 };
    expect(contractProblem('GET', '/api/customers', {}, 200, 'application/json; charset=utf-8', [customer])).toBeNull();
    expect(contractProblem('GET', '/api/customers', {}, 200, 'application/json', [{ ...customer, isActive: 1 }])).toMatch(
      /^GET \/api\/customers 200: the body does not match the document: .*isActive must be boolean/,
    );
    expect(contractProblem('GET', '/api/customers', {}, 200, 'application/json', [{ ...customer, balance: 1 }])).toMatch(
      /additional properties/,
    );
    expect(contractProblem('GET', '/api/customers', {}, 201, 'application/json', [customer])).toBe(
      'GET /api/customers answered 201, a status the document does not list',
    );
    expect(contractProblem('GET', '/api/customers', {}, 401, 'application/json', { error: 'Unauthorized' })).toMatch(
      /must have required property 'message'/,
    );
    expect(contractProblem('GET', '/api/customers', {}, 200, 'text/html', '<p>')).toBe(
      'GET /api/customers 200 answered text/html, not one the document names',
    );
    expect(
      contractProblem('GET', '/api/customer-casinos', {}, 200, 'application/json', [
        { customerId: 1, casinoId: 2, status: 'active', currentUnplayedCoins: 12.5, currentPlayedCoins: '0.00', version: 1 },
      ]),
    ).toMatch(/currentUnplayedCoins must be string/);
    expect(contractProblem('GET', '/api/exports/:file', { file: 'high-sc.csv' }, 200, 'text/csv; charset=utf-8', undefined)).toBeNull();
    expect(contractProblem('GET', '/api/nothing', {}, 200, 'application/json', {})).toBe('GET /api/nothing is not in the OpenAPI document');
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI from the app itself, with no inline script and nothing from another origin', async () => {
    const page = await s.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map((m) => m[1].trim())).toEqual(['src="/api/docs/swagger-ui-bundle.js"', 'src="/api/docs/docs.js"']);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const start = await s.app.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(start.body).toContain("url: '/api/openapi.json'");
    expect(start.body).toContain('validatorUrl: null');
    const bundle = await s.app.inject({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.body).toContain('SwaggerUIBundle');
    const css = await s.app.inject({ method: 'GET', url: '/api/docs/swagger-ui.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const other = await s.app.inject({ method: 'GET', url: '/api/docs/package.json' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Not found: GET /api/docs/package.json' });
  });
});
