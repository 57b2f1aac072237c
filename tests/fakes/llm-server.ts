// A local HTTP server speaking the Anthropic Messages API (POST …/v1/messages) and the OpenAI
// Chat Completions API (POST …/chat/completions, which OpenAI-compatible servers speak too),
// including tool calls, and streaming (server-sent events) for plain text answers. Replies are
// scripted per test, in order; a reply can be a function of the request so the fake "model" can
// read the tool results it was sent.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LlmApi = 'anthropic' | 'openai';

export interface ScriptedTurn {
  /** Plain text answer (may be anything, e.g. malformed JSON). */
  text?: string;
  /** A structured-output answer: Anthropic's `json` tool call, or OpenAI message content as JSON. */
  object?: unknown;
  /** Tool calls the model asks for (the SDK runs them and calls again with the results). */
  toolCalls?: { name: string; input: Record<string, unknown> }[];
  /** Answer with this HTTP status and the provider's error body instead. */
  status?: number;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  usage?: { input: number; output: number };
  /** Streamed text only: the size of each text delta (default 12 characters). */
  chunkSize?: number;
  /** Streamed text only: the pause between deltas (default 2 ms). */
  chunkDelayMs?: number;
  /** Streamed text only: drop the connection after this many deltas (a provider failing mid-answer). */
  breakAfterChunks?: number;
}

export interface LlmRequest {
  api: LlmApi;
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: unknown[];
    system?: unknown;
    tools?: { name?: string; function?: { name: string } }[];
    [key: string]: unknown;
  };
  /** Tool names offered in this request. */
  toolNames: string[];
  /** Contents of the tool results this request carries back to the model. */
  toolResults: string[];
}

export type Reply = ScriptedTurn | ((request: LlmRequest) => ScriptedTurn);

export interface FakeLlm {
  url: string;
  anthropicBaseUrl: string;
  openaiBaseUrl: string;
  compatibleBaseUrl: string;
  /** Every request received, oldest first. */
  requests: LlmRequest[];
  /** Queues replies for the next requests (a request with nothing queued gets a 500). */
  script(...replies: Reply[]): void;
  reset(): void;
  close(): Promise<void>;
}

type Block = { type: string; text?: string; content?: unknown };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((b: Block) => b.text ?? '').join('');
  return JSON.stringify(content);
}

function toolResultsOf(api: LlmApi, messages: unknown[]): string[] {
  if (api === 'openai') {
    return (messages as { role: string; content: unknown }[])
      .filter((m) => m.role === 'tool')
      .map((m) => textOf(m.content));
  }
  return (messages as { content: unknown }[])
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as Block[]) : []))
    .filter((b) => b.type === 'tool_result')
    .map((b) => textOf(b.content));
}

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

function anthropicReply(request: LlmRequest, turn: ScriptedTurn) {
  const content: object[] = [];
  if (turn.text !== undefined) content.push({ type: 'text', text: turn.text });
  if (turn.object !== undefined)
    content.push({ type: 'tool_use', id: id('toolu_01'), name: 'json', input: turn.object });
  for (const call of turn.toolCalls ?? [])
    content.push({ type: 'tool_use', id: id('toolu_01'), name: call.name, input: call.input });
  const usesTools = content.some((b) => (b as Block).type === 'tool_use');
  return {
    id: id('msg_01'),
    type: 'message',
    role: 'assistant',
    model: request.body.model,
    content,
    stop_reason: usesTools ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: turn.usage?.input ?? 100,
      output_tokens: turn.usage?.output ?? 20,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
}

function openaiReply(request: LlmRequest, turn: ScriptedTurn) {
  const toolCalls = (turn.toolCalls ?? []).map((c) => ({
    id: id('call_'),
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.input) },
  }));
  const content = turn.object !== undefined ? JSON.stringify(turn.object) : (turn.text ?? null);
  const input = turn.usage?.input ?? 100;
  const output = turn.usage?.output ?? 20;
  return {
    id: id('chatcmpl-'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  };
}

function errorBody(api: LlmApi, status: number, message: string) {
  return api === 'anthropic'
    ? {
        type: 'error',
        error: { type: status === 401 ? 'authentication_error' : 'api_error', message },
        request_id: id('req_'),
      }
    : { error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', param: null, code: null } };
}

async function readJson(req: IncomingMessage): Promise<LlmRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as LlmRequest['body'];
}

function chunksOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** A text answer as the provider streams it: Anthropic's named SSE events, or OpenAI's chunk objects then [DONE]. */
async function stream(res: ServerResponse, request: LlmRequest, turn: ScriptedTurn): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const input = turn.usage?.input ?? 100;
  const output = turn.usage?.output ?? 20;
  const deltas = chunksOf(turn.text ?? '', turn.chunkSize ?? 12);
  const tick = () => new Promise((r) => setTimeout(r, turn.chunkDelayMs ?? 2));
  if (request.api === 'anthropic') {
    const event = (type: string, data: object) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', {
      message: {
        id: id('msg_01'),
        type: 'message',
        role: 'assistant',
        model: request.body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: input, output_tokens: 1 },
      },
    });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const [i, text] of deltas.entries()) {
      if (turn.breakAfterChunks !== undefined && i >= turn.breakAfterChunks) return void res.destroy();
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
      await tick();
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: output },
    });
    event('message_stop', {});
  } else {
    const base = {
      id: id('chatcmpl-'),
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: request.body.model,
    };
    const chunk = (data: object) => res.write(`data: ${JSON.stringify({ ...base, ...data })}\n\n`);
    chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const [i, content] of deltas.entries()) {
      if (turn.breakAfterChunks !== undefined && i >= turn.breakAfterChunks) return void res.destroy();
      chunk({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
      await tick();
    }
    chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    chunk({ choices: [], usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output } });
    res.write('data: [DONE]\n\n');
  }
  res.end();
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const queue: Reply[] = [];
  const requests: LlmRequest[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '/';
      const api: LlmApi | undefined = path.endsWith('/messages')
        ? 'anthropic'
        : path.endsWith('/chat/completions')
          ? 'openai'
          : undefined;
      if (req.method !== 'POST' || !api)
        return send(res, 404, { error: { message: `no route ${req.method} ${path}` } });
      const body = await readJson(req);
      const key = api === 'anthropic' ? req.headers['x-api-key'] : req.headers.authorization?.replace(/^Bearer /, '');
      if (!key) return send(res, 401, errorBody(api, 401, 'missing API key'));
      const request: LlmRequest = {
        api,
        path,
        headers: req.headers,
        body,
        toolNames: (body.tools ?? []).map((t) => t.name ?? t.function?.name ?? ''),
        toolResults: toolResultsOf(api, body.messages),
      };
      requests.push(request);
      const next = queue.shift();
      if (!next) return send(res, 500, errorBody(api, 500, 'no scripted reply'));
      const turn = typeof next === 'function' ? next(request) : next;
      if (turn.delayMs) await new Promise((r) => setTimeout(r, turn.delayMs));
      if (res.destroyed) return;
      if (turn.status) return send(res, turn.status, errorBody(api, turn.status, 'scripted failure'));
      if (body.stream) {
        if (turn.object !== undefined || turn.toolCalls?.length)
          return send(res, 400, errorBody(api, 400, 'this fake streams plain text answers only'));
        return stream(res, request, turn);
      }
      return send(res, 200, api === 'anthropic' ? anthropicReply(request, turn) : openaiReply(request, turn));
    })().catch((err: unknown) => send(res, 500, { error: { message: String(err) } }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    anthropicBaseUrl: `${url}/anthropic/v1`,
    openaiBaseUrl: `${url}/openai/v1`,
    compatibleBaseUrl: `${url}/compatible/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
