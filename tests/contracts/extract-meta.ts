// The Graph API operations we call, as an OpenAPI 3.0 document generated from Meta's own node
// specs (facebook-business-sdk-codegen api_specs/specs/*.json): each node's fields with their
// types, each POST edge's parameters. What the specs do not carry (the list envelope, a create's
// `{id}` answer, the error envelope, the general parameters) is written from the reference pages
// named beside it.
type Json = Record<string, unknown>;
interface NodeSpec {
  fields: { name: string; type: string }[];
  apis: { method: string; endpoint?: string; params?: { name: string; required: boolean; type: string }[] }[];
}

const NODES = ['Page', 'PagePost', 'Photo', 'IGUser', 'IGMedia', 'User'] as const;

function fieldSchema(type: string): Json {
  if (type === 'string' || type === 'datetime' || type.endsWith('_enum_param')) return { type: 'string' };
  if (type === 'int' || type === 'unsigned int') return { type: 'integer' };
  if (type === 'float') return { type: 'number' };
  if (type === 'bool') return { type: 'boolean' };
  if (type.startsWith('list')) return { type: 'array' };
  if ((NODES as readonly string[]).includes(type)) return { $ref: `#/components/schemas/${type}` };
  return { type: 'object' };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ content: { 'application/json': { schema } } });
const answers = (schema: Json) => ({ '200': json(schema), default: json(ref('GraphError')) });

/** A POST edge's parameters as a form schema (names, required), from the node spec. */
function formOf(spec: NodeSpec, edge: string): Json {
  const api = spec.apis.find((a) => a.method === 'POST' && a.endpoint === edge);
  if (!api) throw new Error(`no POST ${edge} in the node spec`);
  const params = api.params ?? [];
  return {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object',
          required: params.filter((p) => p.required).map((p) => p.name),
          properties: Object.fromEntries(params.map((p) => [p.name, fieldSchema(p.type)])),
          additionalProperties: false,
        },
      },
    },
  };
}

function queryOf(spec: NodeSpec, edge: string, method = 'GET'): Json[] {
  const api = spec.apis.find((a) => a.method === method && a.endpoint === edge);
  if (!api) throw new Error(`no ${method} ${edge} in the node spec`);
  return (api.params ?? []).map((p) => ({
    name: p.name,
    in: 'query',
    required: p.required,
    schema: fieldSchema(p.type),
  }));
}

const node = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

export function metaContract(read: (file: string) => Json, source: string): Json {
  const specs = Object.fromEntries(NODES.map((n) => [n, read(`meta_api_specs_${n}.json`) as unknown as NodeSpec]));
  const schemas: Record<string, Json> = {};
  for (const n of NODES) {
    const edges = specs[n]!.apis.filter((a) => a.method === 'GET' && a.endpoint && a.endpoint !== 'undefined');
    schemas[n] = {
      type: 'object',
      properties: {
        ...Object.fromEntries(specs[n]!.fields.map((f) => [f.name, fieldSchema(f.type)])),
        // An edge read through field expansion (comments.limit(0).summary(true), insights.metric(…)).
        ...Object.fromEntries(
          edges.map((e) => [e.endpoint!, ref(e.endpoint === 'insights' ? 'InsightsEdge' : 'Edge')]),
        ),
      },
      additionalProperties: false,
    };
  }
  // The accounts edge adds the person's tasks on each Page (not a Page field in the node spec).
  const page = schemas.Page as { properties: Json };
  schemas.AccountsPage = {
    ...page,
    properties: { ...page.properties, tasks: { type: 'array', items: { type: 'string' } } },
  };
  // https://developers.facebook.com/docs/graph-api/results (lists, cursor paging)
  schemas.Edge = {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array' }, paging: { type: 'object' }, summary: { type: 'object' } },
    additionalProperties: false,
  };
  // https://developers.facebook.com/docs/graph-api/reference/insights (InsightsResult: values[] for
  // Page posts, total_value for Instagram media)
  schemas.InsightsEdge = {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'period', 'id'],
          properties: {
            name: { type: 'string' },
            period: { type: 'string' },
            id: { type: 'string' },
            title: { type: 'string' },
            description: { type: 'string' },
            values: {
              type: 'array',
              items: { type: 'object', properties: { value: {}, end_time: { type: 'string' } } },
            },
            total_value: { type: 'object', properties: { value: {} } },
          },
          additionalProperties: false,
        },
      },
      paging: { type: 'object' },
    },
    additionalProperties: false,
  };
  const listOf = (item: string) => ({
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: ref(item) }, paging: { type: 'object' } },
    additionalProperties: false,
  });
  // https://developers.facebook.com/docs/pages-api/posts, …/instagram-platform/content-publishing
  schemas.Created = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string' } },
    additionalProperties: false,
  };
  schemas.PhotoCreated = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string' }, post_id: { type: 'string' } },
    additionalProperties: false,
  };
  // https://developers.facebook.com/docs/graph-api/guides/error-handling
  schemas.GraphError = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['message', 'type', 'code'],
        properties: {
          message: { type: 'string' },
          type: { type: 'string' },
          code: { type: 'integer' },
          error_subcode: { type: 'integer' },
          error_user_title: { type: 'string' },
          error_user_msg: { type: 'string' },
          is_transient: { type: 'boolean' },
          fbtrace_id: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
  return {
    openapi: '3.0.3',
    info: {
      title: 'Meta Graph API (the operations Fieldwise calls)',
      version: 'v21.0',
      'x-source': source,
    },
    // https://developers.facebook.com/docs/graph-api/overview (access_token parameter or Bearer header),
    // https://developers.facebook.com/docs/graph-api/results (fields, limit, since/until, cursors)
    'x-common-query': ['fields', 'limit', 'since', 'until', 'after', 'before', 'access_token', 'appsecret_proof'],
    security: [{ bearer: [] }, { access_token: [] }],
    paths: {
      '/{node-id}': {
        get: {
          parameters: [node('node-id')],
          responses: answers({ anyOf: NODES.map(ref) }),
        },
      },
      '/{page-id}/feed': {
        get: { parameters: [node('page-id'), ...queryOf(specs.Page!, 'feed')], responses: answers(listOf('PagePost')) },
        post: {
          parameters: [node('page-id')],
          requestBody: formOf(specs.Page!, 'feed'),
          responses: answers(ref('Created')),
        },
      },
      '/{page-id}/photos': {
        post: {
          parameters: [node('page-id')],
          requestBody: formOf(specs.Page!, 'photos'),
          responses: answers(ref('PhotoCreated')),
        },
      },
      '/{ig-user-id}/media': {
        get: {
          parameters: [node('ig-user-id'), ...queryOf(specs.IGUser!, 'media')],
          responses: answers(listOf('IGMedia')),
        },
        post: {
          parameters: [node('ig-user-id')],
          requestBody: formOf(specs.IGUser!, 'media'),
          responses: answers(ref('Created')),
        },
      },
      // The connect flow: the person's Pages with their Page tokens, and disconnecting.
      '/{user-id}/accounts': {
        get: {
          'x-source':
            "https://developers.facebook.com/docs/graph-api/reference/user/accounts/ (a Page with the person's tasks on it)",
          parameters: [node('user-id'), ...queryOf(specs.User!, 'accounts')],
          responses: answers(listOf('AccountsPage')),
        },
      },
      '/{user-id}/permissions': {
        delete: {
          'x-source': 'https://developers.facebook.com/docs/graph-api/reference/user/permissions/#Deleting',
          parameters: [node('user-id'), ...queryOf(specs.User!, 'permissions', 'DELETE')],
          responses: answers({
            type: 'object',
            required: ['success'],
            properties: { success: { type: 'boolean' } },
            additionalProperties: false,
          }),
        },
      },
      '/{ig-user-id}/media_publish': {
        post: {
          parameters: [node('ig-user-id')],
          requestBody: formOf(specs.IGUser!, 'media_publish'),
          responses: answers(ref('Created')),
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        access_token: { type: 'apiKey', in: 'query', name: 'access_token' },
      },
      schemas,
    },
  };
}
