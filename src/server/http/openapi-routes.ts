import { z } from 'zod';
import { CHANGE_EVENT_KINDS, changeEventData, RESET_EVENT } from '../../shared/schemas/change-events';
import { XLSX_TYPE } from '../../shared/import-fields';
import { importQuery, importResult } from '../../shared/schemas/import';
import { CONTENT_TYPES, EXPORT_FILTERS, isAdminExport, tokenRequest } from '../features/exports/exports.routes';
import type { ExportKind } from '../features/exports/export-sheets';
import { STATEMENT_TYPES } from '../features/exports/statement.routes';
import { statementInput } from '../../shared/schemas/statements';
import { ATTACHMENT_OWNERS, ATTACHMENT_TYPES, attachmentView } from '../../shared/schemas/attachments';
import { DOCS_FILES } from './api-docs';
import { errorRefs, type JsonSchema, jsonSchema, type Operation, propertiesOf } from './openapi-schemas';

/**
 * The /api routes outside the REST table (exports, imports, the change stream, health and these
 * documents), described from the same zod schemas their handlers parse with (decision 160).
 */
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const queryParameters = (schema: z.ZodType): JsonSchema[] => {
  const { properties, required } = propertiesOf(jsonSchema(schema, 'input'));
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.includes(name), schema: s }));
};

const fileContent = (type: string) => {
  const media = type.split(';')[0];
  return { [media]: { schema: { type: 'string', contentMediaType: media } } };
};

function exportOperation(kind: ExportKind): Operation {
  return {
    operationId: `exports.${kind}`,
    summary: `Every matching row of ${kind} as CSV or Excel, streamed (${isAdminExport(kind) ? 'admins only' : 'signed in'})`,
    tags: ['exports'],
    parameters: [
      { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['csv', 'xlsx'] } },
      {
        name: 'token',
        in: 'query',
        required: false,
        description: 'A one-use download token from POST /api/exports/token, for a link without the Authorization header',
        schema: { type: 'string' },
      },
      ...queryParameters(EXPORT_FILTERS[kind]),
    ],
    responses: {
      '200': {
        description: 'The file, as an attachment',
        content: { ...fileContent(CONTENT_TYPES.csv), ...fileContent(CONTENT_TYPES.xlsx) },
      },
      ...errorRefs([400, 401, 403, 404, 429, 500, 503]),
    },
  };
}

const exportPaths = Object.fromEntries(
  (Object.keys(EXPORT_FILTERS) as ExportKind[]).map((kind) => [`/api/exports/${kind}.{format}`, { GET: exportOperation(kind) }]),
);

const eventStream: Operation = {
  operationId: 'events.stream',
  summary: 'The change stream: one event per committed change (signed in)',
  tags: ['events'],
  parameters: [
    {
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description: `The last event id received: the events missed since then (the last 10 minutes), in order, or one \`${RESET_EVENT}\` event when that is too far back`,
      schema: { type: 'string', pattern: '^[0-9]+$' },
    },
  ],
  responses: {
    '200': {
      description:
        `Server-sent events: \`id:\` a number that only grows, \`event:\` the kind (${CHANGE_EVENT_KINDS.join(', ')} or ${RESET_EVENT}), ` +
        '`data:` JSON as the schema below (ids, never figures). A comment line every 25 s keeps the connection open.',
      content: {
        'text/event-stream': {
          schema: { type: 'string', description: 'Each `data:` line is a ChangeEvent (#/components/schemas/ChangeEvent)' },
        },
      },
    },
    ...errorRefs([401, 403, 429, 500, 503]),
  },
};

const importOperation = (kind: 'transactions' | 'customers'): Operation => ({
  operationId: `import.${kind}`,
  summary: `Imports ${kind} from a CSV or Excel file sent as the body (signed in, write access)`,
  tags: ['import'],
  parameters: queryParameters(importQuery),
  requestBody: {
    required: true,
    content: { ...fileContent('text/csv'), ...fileContent(XLSX_TYPE) },
  },
  responses: {
    '200': { description: 'A dry run: what the import would do', content: json(jsonSchema(importResult, 'output')) },
    '201': { description: 'Imported', content: json(jsonSchema(importResult, 'output')) },
    '400': {
      description: 'Nothing was imported: the rows with errors, or a bad query parameter',
      content: json({
        anyOf: [jsonSchema(importResult.extend({ message: z.string() }), 'output'), { $ref: '#/components/schemas/Error' }],
      }),
    },
    ...errorRefs([401, 403, 413, 415, 429, 500, 503]),
  },
});

const customerId = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const statementQuery = queryParameters(statementInput).filter((p) => p.name !== 'id');
/** The token's body: the statement's query as JSON, the customer in the path. */
const statementBody = (() => {
  const { properties, required } = propertiesOf(jsonSchema(statementInput, 'input'));
  const { id: _id, ...rest } = properties;
  return { type: 'object', properties: rest, required: required.filter((name) => name !== 'id') };
})();

const statementPaths = {
  '/api/customers/{id}/statement/token': {
    POST: {
      operationId: 'statements.token',
      summary: "A one-use download token for one customer's statement link with its choices (signed in with a session)",
      tags: ['exports'],
      parameters: [customerId],
      requestBody: {
        required: true,
        content: json(statementBody),
      },
      responses: {
        '200': { description: 'The token', content: json(jsonSchema(z.object({ token: z.string() }), 'output')) },
        ...errorRefs([400, 401, 403, 404, 429, 500, 503]),
      },
    },
  },
  '/api/customers/{id}/statement': {
    GET: {
      operationId: 'statements.get',
      summary: "A customer's statement over office days, for every casino or one, as PDF, Excel or CSV, streamed (signed in)",
      tags: ['exports'],
      parameters: [
        customerId,
        ...statementQuery,
        {
          name: 'token',
          in: 'query',
          required: false,
          description: 'A one-use download token from POST /api/customers/{id}/statement/token',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description: 'The statement, as an attachment',
          content: { ...fileContent(STATEMENT_TYPES.pdf), ...fileContent(STATEMENT_TYPES.xlsx), ...fileContent(STATEMENT_TYPES.csv) },
        },
        ...errorRefs([400, 401, 403, 404, 429, 500, 503]),
      },
    },
  },
};

const attachmentPaths = {
  '/api/attachments': {
    POST: {
      operationId: 'attachments.upload',
      summary: 'Attaches a PNG, JPEG, WebP or PDF file (recognised from its bytes) to exactly one owner (signed in, write access)',
      tags: ['attachments'],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', contentMediaType: 'application/octet-stream' },
                ...Object.fromEntries(ATTACHMENT_OWNERS.map((owner) => [owner, { type: 'string', pattern: '^[1-9][0-9]*$' }])),
              },
            },
          },
        },
      },
      responses: {
        '201': { description: 'Attached', content: json(jsonSchema(attachmentView, 'output')) },
        ...errorRefs([400, 401, 403, 404, 409, 413, 415, 429, 500, 503]),
      },
    },
  },
  '/api/attachments/{id}/content': {
    GET: {
      operationId: 'attachments.content',
      summary: "An attachment's bytes, with the type recognised when it was stored (the owner's readers)",
      tags: ['attachments'],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      responses: {
        '200': {
          description: 'The file, with nosniff and no-store',
          content: Object.fromEntries(ATTACHMENT_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
        },
        ...errorRefs([400, 401, 403, 404, 429, 500, 503]),
      },
    },
  },
};

/** Schemas the routes above name in words (the change stream's `data:`). */
export const OTHER_SCHEMAS = { ChangeEvent: jsonSchema(changeEventData, 'output') };

/** Built when the document is (after every module has loaded: api-docs.ts imports the document too). */
export const otherPaths = (): Record<string, Record<string, Operation>> => ({
  '/api/exports/token': {
    POST: {
      operationId: 'exports.token',
      summary: 'A one-use, one-minute download token for one export link with its filters (signed in with a session)',
      tags: ['exports'],
      requestBody: { required: true, content: json(jsonSchema(tokenRequest, 'input')) },
      responses: {
        '200': {
          description: 'The token',
          content: json(jsonSchema(z.object({ token: z.string() }), 'output')),
        },
        ...errorRefs([400, 401, 403, 429, 500, 503]),
      },
    },
  },
  ...exportPaths,
  '/api/import/transactions': { POST: importOperation('transactions') },
  '/api/import/customers': { POST: importOperation('customers') },
  '/api/import/{importId}/failed-rows.csv': {
    GET: {
      operationId: 'import.failedRows',
      summary: "An import's refused rows as CSV, with their errors (signed in)",
      tags: ['import'],
      parameters: [{ name: 'importId', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'The rows', content: fileContent('text/csv') }, ...errorRefs([401, 404, 429, 500, 503]) },
    },
  },
  '/api/events': { GET: eventStream },
  ...statementPaths,
  ...attachmentPaths,
  '/api/health': {
    GET: {
      operationId: 'health',
      summary: 'Whether the server and its database answer (no sign-in)',
      tags: ['health'],
      security: [],
      responses: {
        '200': { description: 'Up', content: json(jsonSchema(z.object({ status: z.string(), database: z.string() }), 'output')) },
        '503': {
          description: 'Down or migrations pending',
          content: json(jsonSchema(z.object({ status: z.string(), database: z.string() }), 'output')),
        },
      },
    },
  },
  '/api/openapi.json': {
    GET: {
      operationId: 'openapi',
      summary: 'This document (no sign-in)',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
    },
  },
  '/api/docs': {
    GET: {
      operationId: 'docs',
      summary: 'The interactive reference of this document (no sign-in)',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
  '/api/docs/{file}': {
    GET: {
      operationId: 'docs.file',
      summary: "The reference page's script and styles (no sign-in)",
      tags: ['docs'],
      security: [],
      parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', enum: ['docs.js', ...Object.keys(DOCS_FILES)] } }],
      responses: {
        '200': {
          description: 'The file',
          content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } },
        },
        ...errorRefs([404]),
      },
    },
  },
});
