import { z } from 'zod';
import { type Endpoint, type ResponseSchema, isMultipart, isRawResponse } from './endpoint';
import { allEndpoints } from './endpoints';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' });
  return rest;
}

/** An endpoint's summary when its contract gives none: its name in words (`getDriverJobsByJobId`: "Get driver jobs by job id"). */
export function summaryOf(name: string): string {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /api/orders/:orderNumber → /api/orders/{orderNumber}; better-auth's mount /api/auth/* → /api/auth/{path}. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{path}');
}

function parameters(e: Endpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query' | 'header', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const js = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(js.properties ?? {}))
      list.push({ name, in: where, required: where === 'path' || !!js.required?.includes(name), schema: property });
  };
  add('path', e.params);
  if (e.path.endsWith('*')) list.push({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
  add('query', e.query);
  add('header', e.headers);
  return list;
}

function requestBody(e: Endpoint): JsonSchema | undefined {
  if (!e.body) return undefined;
  if (isMultipart(e.body))
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [e.body.field]: { type: 'string', format: 'binary' } },
            required: [e.body.field],
          },
        },
      },
    };
  return { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } };
}

function response(schema: ResponseSchema): JsonSchema {
  if (isRawResponse(schema)) {
    if (schema.kind === 'empty') return { description: schema.description };
    return { description: schema.description, content: { [schema.contentType]: {} } };
  }
  return { description: 'OK', content: { 'application/json': { schema: jsonSchema(schema, 'output') } } };
}

const ERROR = {
  description:
    'An error: { "error": { "code", "message", "fields"? } }; a 400 lists each refused field (where, dotted path, reason)',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              code: { type: 'string' },
              message: { type: 'string' },
              fields: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    in: { type: 'string', enum: ['body', 'query', 'params', 'headers'] },
                    path: { type: 'string', description: 'Dotted path inside that part: items.0.quantity' },
                    message: { type: 'string' },
                  },
                  required: ['in', 'path', 'message'],
                },
              },
            },
            required: ['code', 'message'],
          },
        },
        required: ['error'],
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of every endpoint, generated from the contracts (docs/decisions/0106-openapi-from-contracts.md).
 * Written to docs/openapi.json by `npm run generate:api` and served at /api/docs outside production.
 */
export function buildOpenApi(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { area, name, endpoint: e } of allEndpoints()) {
    const path = openApiPath(e.path);
    paths[path] ??= {};
    const params = parameters(e);
    const body = requestBody(e);
    paths[path][e.method.toLowerCase()] = {
      operationId: `${area}.${name}`,
      tags: [area],
      summary: e.summary ?? summaryOf(name),
      'x-policy': e.policy,
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: {
        ...Object.fromEntries(Object.entries(e.responses).map(([status, schema]) => [status, response(schema)])),
        default: ERROR,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'HalalNosh API',
      version: '1',
      description:
        'Generated from src/domain/contracts. Sessions travel in the better-auth cookie; x-policy names who may call each operation.',
    },
    paths,
  };
}
