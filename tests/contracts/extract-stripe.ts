// Stripe's operations that billing calls, as an OpenAPI 3.0 document read from the installed
// official SDK's types (node_modules/stripe, generated from github.com/stripe/openapi): each
// object's top-level fields (names, scalar types, nullability) and each call's parameter names.
// Stripe always sends every non-optional field; the fake answers the ones billing reads, so only
// those are required here, and a field Stripe does not have is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;

function fieldsOf(file: string, name: string): { name: string; optional: boolean; type: string }[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) =>
    new RegExp(`^\\s*(export )?interface ${name} (extends [A-Za-z]+ )?\\{$`).test(l),
  );
  if (start < 0) throw new Error(`${name} not in ${file}`);
  const indent = `${/^(\s*)/.exec(lines[start]!)![1]}    `;
  const out: { name: string; optional: boolean; type: string }[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === `${indent.slice(4)}}`) break;
    const m = new RegExp(`^${indent}([a-z_]+)(\\?)?: (.+);$`).exec(line);
    if (m) out.push({ name: m[1]!, optional: Boolean(m[2]), type: m[3]! });
  }
  return out;
}

function typeOf(ts: string): Json {
  const parts = ts.split('|').map((p) => p.trim());
  const nullable = parts.includes('null') ? { nullable: true } : {};
  const rest = parts.filter((p) => p !== 'null');
  if (rest.every((p) => /^'[^']*'$/.test(p)))
    return { type: 'string', enum: rest.map((p) => p.slice(1, -1)), ...nullable };
  if (rest.length === 1 && ['string', 'number', 'boolean'].includes(rest[0]!)) return { type: rest[0], ...nullable };
  return { ...nullable };
}

function objectSchema(file: string, name: string, required: string[], params = false): Json {
  const fields = fieldsOf(file, name);
  return {
    type: 'object',
    required,
    properties: Object.fromEntries(fields.map((f) => [f.name, params ? {} : typeOf(f.type)])),
    additionalProperties: false,
  };
}

export function stripeContract(sdk: string): Json {
  const r = (f: string) => join(sdk, 'esm/resources', f);
  const version = readFileSync(join(sdk, 'OPENAPI_VERSION'), 'utf8').trim();
  const ref = (n: string) => ({ $ref: `#/components/schemas/${n}` });
  const json = (schema: Json) => ({ content: { 'application/json': { schema } } });
  const answers = (schema: Json) => ({ '200': json(schema), default: json(ref('Error')) });
  const form = (schema: Json) => ({ content: { 'application/x-www-form-urlencoded': { schema } } });
  const list = (item: string) => ({
    type: 'object',
    required: ['object', 'data', 'has_more', 'url'],
    properties: {
      object: { type: 'string', enum: ['list'] },
      data: { type: 'array', items: ref(item) },
      has_more: { type: 'boolean' },
      url: { type: 'string' },
    },
    additionalProperties: false,
  });
  const query = (file: string, name: string) =>
    fieldsOf(file, name).map((f) => ({ name: f.name, in: 'query', required: !f.optional, schema: {} }));
  const paging = ['ending_before', 'limit', 'starting_after'].map((n) => ({
    name: n,
    in: 'query',
    required: false,
    schema: {},
  }));
  return {
    openapi: '3.0.3',
    info: {
      title: 'Stripe API (the operations billing calls), from the official SDK types',
      version,
      'x-source': `node_modules/stripe (stripe-node ${JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8')).version as string}, OPENAPI_VERSION ${version}), generated from github.com/stripe/openapi`,
    },
    // Form and query names are bracketed (line_items[0][price], lookup_keys[0]): checked by their first name.
    'x-form-brackets': true,
    security: [{ bearer: [] }],
    paths: {
      '/v1/customers': {
        post: {
          requestBody: form(objectSchema(r('Customers.d.ts'), 'CustomerCreateParams', [], true)),
          responses: answers(ref('Customer')),
        },
      },
      '/v1/prices': {
        get: {
          parameters: [...query(r('Prices.d.ts'), 'PriceListParams'), ...paging],
          responses: answers(list('Price')),
        },
      },
      '/v1/checkout/sessions': {
        post: {
          requestBody: form(objectSchema(r('Checkout/Sessions.d.ts'), 'SessionCreateParams', [], true)),
          responses: answers(ref('CheckoutSession')),
        },
      },
      '/v1/billing_portal/sessions': {
        post: {
          requestBody: form(objectSchema(r('BillingPortal/Sessions.d.ts'), 'SessionCreateParams', [], true)),
          responses: answers(ref('PortalSession')),
        },
      },
      '/v1/invoices': {
        get: {
          parameters: [...query(r('Invoices.d.ts'), 'InvoiceListParams'), ...paging],
          responses: answers(list('Invoice')),
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Customer: objectSchema(r('Customers.d.ts'), 'Customer', ['id', 'object']),
        Price: objectSchema(r('Prices.d.ts'), 'Price', ['id', 'object', 'lookup_key', 'unit_amount', 'recurring']),
        CheckoutSession: objectSchema(r('Checkout/Sessions.d.ts'), 'Session', ['id', 'object', 'url']),
        PortalSession: objectSchema(r('BillingPortal/Sessions.d.ts'), 'Session', ['id', 'object']),
        Invoice: objectSchema(r('Invoices.d.ts'), 'Invoice', ['id', 'object', 'status', 'created']),
        // https://docs.stripe.com/api/errors
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['type'],
              properties: Object.fromEntries(
                [
                  'type',
                  'code',
                  'message',
                  'param',
                  'doc_url',
                  'decline_code',
                  'request_log_url',
                  'charge',
                  'advice_code',
                ].map((k) => [k, { type: 'string' }]),
              ),
            },
          },
        },
      },
    },
  };
}
