import { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as z.toJSONSchema writes it. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A zod schema as JSON Schema, for what a client sends (`input`: before transforms, as typed) or what
 * the server answers (`output`). Refinements and transforms cannot be written as JSON Schema: they are
 * left out (the server still applies them), never guessed (decision 160).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const isRecord = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object schema's properties and required names; other shapes (a union) have none. */
export function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const named: Record<string, JsonSchema> = {};
  for (const [name, value] of Object.entries(properties)) if (isRecord(value)) named[name] = value;
  const required = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [];
  return { properties: named, required };
}

/** The error body every failure answers (design.md section 4): `{ message, errors? }`. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Every error status the API answers, with what it means; operations name the ones they can answer. */
export const ERROR_STATUSES = {
  400: 'Validation failed: `errors` names each bad field (path = field name) with its message',
  401: 'No token, or a token that is expired, revoked or wrong',
  403: 'The role or the credential may not do this (admins only, a read-only API token, a sign-in held to setup)',
  404: 'No such record or route',
  409: 'Conflict: a duplicate name, a record in use, a state that does not allow the change',
  413: 'The request body is larger than the limit',
  415: 'Unsupported content type',
  429: 'Too many attempts or requests; try again later',
  500: 'Internal server error (no internals are given)',
  503: 'Busy or shutting down; try again',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

/** The error responses an operation may answer, each as `#/components/responses/<status>`. */
export const errorRefs = (statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), { $ref: `#/components/responses/${status}` }]));

/** One operation of the document (the parts this project writes). */
export interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security?: never[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}
