// The API as its OpenAPI document describes it, for tests that must cover every route without
// being edited when a route is added: the fuzz run and the tenant sweep. Each answer they get is
// held to the document too (outsideDescription): its status listed for the operation, its body
// the type and schema listed for that status.
import { Ajv, type ValidateFunction } from 'ajv';
import type { App } from '#server/app.ts';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  default?: unknown;
};

export interface Operation {
  method: string;
  /** The path as the document writes it: /api/leads/{id}. */
  path: string;
  role: 'public' | 'user' | 'manager' | 'admin';
  pathParams: string[];
  paramSchemas: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  /** Each status the operation can answer, with the media types of its body (none: an empty body). */
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
  /** The document's shared schemas, which `$ref`s in the responses point into. */
  components: object;
}

export async function operationsOf(app: App): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: object;
  }>();
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[];
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        role: (op['x-role'] as Operation['role'] | undefined) ?? 'public',
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        paramSchemas: Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body,
        responses: op.responses as Operation['responses'],
        components: doc.components,
      });
    }
  }
  return ops;
}

// JSON Schema draft-07 covers every keyword the document's schemas use; formats are not checked
// (the server's own validation does that) and OpenAPI's extra keywords are allowed.
const ajv = new Ajv({ allErrors: false, strict: false, validateFormats: false });
const validators = new Map<object, ValidateFunction>();

function validatorOf(schema: object, components: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, components });
    validators.set(schema, validate);
  }
  return validate;
}

/** Why an answer is not one the operation's description allows, or null when it is. */
export function outsideDescription(
  op: Operation,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | null {
  const described = op.responses[String(res.statusCode)];
  if (!described) return `status ${res.statusCode} is not described`;
  if (!described.content) return res.body === '' ? null : `a ${res.statusCode} with a body where none is described`;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const media = described.content[type];
  if (!media) return `a ${res.statusCode} of type "${type}", described: ${Object.keys(described.content).join(', ')}`;
  if (type !== 'application/json' || !media.schema) return null;
  let value: unknown;
  try {
    value = JSON.parse(res.body);
  } catch {
    return `a ${res.statusCode} whose body is not JSON`;
  }
  const validate = validatorOf(media.schema, op.components);
  return validate(value) ? null : `a ${res.statusCode} body off its schema: ${ajv.errorsText(validate.errors)}`;
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    try {
      return encodeURIComponent(values[name] ?? 'x');
    } catch {
      return '%ED%A0%80'; // a lone surrogate cannot be encoded: send the invalid UTF-8 it would be
    }
  });
}

/** A value that passes the schema's shape (not always its refinements), built from the document. */
export function sampleOf(schema: JsonSchema | undefined, id: string): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sampleOf(options.find((o) => o.type !== 'null') ?? options[0], id);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v, id)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return id;
      if (schema.format === 'email') return 'sweep@example.com';
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'uri') return 'https://example.com/';
      return 'Sweep'.padEnd(Math.max(5, schema.minLength ?? 0), 'x');
    default:
      return undefined;
  }
}
