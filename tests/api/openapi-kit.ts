// The API as its OpenAPI document describes it, for tests that must cover every route without
// being edited when a route is added: the fuzz run and the tenant sweep.
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
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

export async function operationsOf(app: App): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
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
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body,
      });
    }
  }
  return ops;
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
