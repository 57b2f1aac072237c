// A local HTTP server speaking Twilio's REST API with Basic auth {AccountSid}:{AuthToken} and
// Twilio's error shape: the account lookup (GET /2010-04-01/Accounts/{Sid}.json) and sending a
// text (POST /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded), plus the signed webhooks
// Twilio sends back (status callbacks, inbound messages) for tests to deliver.
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicCredentials, listen, type Listening } from './listen.ts';

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  friendlyName?: string;
  status?: 'active' | 'suspended' | 'closed';
}

export interface SentSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
}

/** A webhook as Twilio would post it: the URL, the form parameters and X-Twilio-Signature. */
export interface SignedWebhook {
  url: string;
  params: Record<string, string>;
  signature: string;
  /** The form body (application/x-www-form-urlencoded). */
  body: string;
}

export interface FakeTwilio extends Listening {
  options: Required<FakeTwilioOptions>;
  /** Every message accepted, oldest first. */
  messages: SentSms[];
  /** To numbers the API refuses, with Twilio's error code (21610 = replied STOP, 21211 = invalid). */
  refuse: Map<string, number>;
  /** The status callback of a sent message (sent, delivered, undelivered, failed). */
  statusCallback(message: SentSms, status: string, errorCode?: number): SignedWebhook;
  /** An inbound text (MMS with `media` image URLs) from `from` to the account's number `to`, posted to the app's `url`. */
  inbound(
    url: string,
    input: { from: string; to: string; body: string; media?: string[]; sid?: string },
  ): SignedWebhook;
  /** A voice webhook (a call to the number, the owner's leg, the forward's end) with these parameters. */
  call(url: string, params: Record<string, string>): SignedWebhook;
}

const ERRORS: Record<number, { status: number; message: string }> = {
  21211: { status: 400, message: "The 'To' number is not a valid phone number." },
  21610: { status: 400, message: 'Attempt to send to unsubscribed recipient' },
  21614: { status: 400, message: "'To' number is not a valid mobile number" },
};

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(raw))));
  });
}

export async function startFakeTwilio(opts: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const options: Required<FakeTwilioOptions> = {
    accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
    authToken: 'f00dfeedf00dfeedf00dfeedf00dfeed',
    friendlyName: 'Acme Plumbing',
    status: 'active',
    ...opts,
  };
  const messages: SentSms[] = [];
  let inboundCount = 0;
  const refuse = new Map<string, number>();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const server = await listen({ contracts: ['twilio'] }, (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const given = basicCredentials(req.headers.authorization);
    if (!given || given.user !== options.accountSid || given.password !== options.authToken)
      return error(res, 401, 20003, 'Authenticate');
    const messagesPath = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (messagesPath && req.method === 'POST') {
      if (decodeURIComponent(messagesPath[1] ?? '') !== options.accountSid)
        return error(res, 404, 20404, 'The requested resource was not found');
      void readForm(req).then((form) => {
        const to = form.To ?? '';
        if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(res, 400, 21211, ERRORS[21211]!.message);
        if (!form.Body) return error(res, 400, 21602, 'Message body is required.');
        const refused = refuse.get(to);
        if (refused) return error(res, ERRORS[refused]?.status ?? 400, refused, ERRORS[refused]?.message ?? 'Refused');
        const sid = `SM${String(messages.length + 1).padStart(32, '0')}`;
        const message = {
          sid,
          to,
          from: form.From ?? '',
          body: form.Body,
          statusCallback: form.StatusCallback ?? null,
        };
        messages.push(message);
        send(res, 201, {
          sid,
          account_sid: options.accountSid,
          to,
          from: message.from,
          body: message.body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          price: null,
          error_code: null,
          error_message: null,
          date_created: new Date().toUTCString().replace('GMT', '+0000'),
          uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
        });
      });
      return;
    }
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(path);
    if (!m || decodeURIComponent(m[1] ?? '') !== options.accountSid)
      return error(res, 404, 20404, 'The requested resource was not found');
    send(res, 200, {
      sid: options.accountSid,
      friendly_name: options.friendlyName,
      status: options.status,
      type: 'Full',
      owner_account_sid: options.accountSid,
      auth_token: options.authToken,
      date_created: 'Thu, 12 Mar 2026 17:02:11 +0000',
      uri: `/2010-04-01/Accounts/${options.accountSid}.json`,
    });
  });

  // Twilio's documented signing: HMAC-SHA1 (auth token) of the URL + each sorted name and value.
  const signed = (url: string, params: Record<string, string>): SignedWebhook => {
    const data =
      url +
      Object.keys(params)
        .sort()
        .map((k) => k + params[k])
        .join('');
    const signature = createHmac('sha1', options.authToken).update(data).digest('base64');
    return { url, params, signature, body: new URLSearchParams(params).toString() };
  };

  return {
    ...server,
    options,
    messages,
    refuse,
    statusCallback(message, status, errorCode) {
      if (!message.statusCallback) throw new Error('this message asked for no status callback');
      return signed(message.statusCallback, {
        AccountSid: options.accountSid,
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from,
        ApiVersion: '2010-04-01',
        ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
      });
    },
    inbound(url, input) {
      const media = input.media ?? [];
      inboundCount += 1;
      return signed(url, {
        AccountSid: options.accountSid,
        MessageSid: input.sid ?? `SM${String(inboundCount).padStart(8, '0')}${'f'.repeat(24)}`,
        From: input.from,
        To: input.to,
        Body: input.body,
        NumMedia: String(media.length),
        ...Object.fromEntries(media.map((u, i) => [`MediaUrl${i}`, u])),
        ...Object.fromEntries(media.map((_u, i) => [`MediaContentType${i}`, 'image/jpeg'])),
        ApiVersion: '2010-04-01',
      });
    },
    call(url, params) {
      return signed(url, { AccountSid: options.accountSid, ApiVersion: '2010-04-01', ...params });
    },
  };
}
