// Mailgun's inbound route as it posts to a forward() URL ending in "mime" (documentation.mailgun.com,
// "Receiving Messages via HTTP through a forward() action", Raw MIME): the message as it arrived in
// `body-mime`, `recipient`, `sender`, `from`, `subject`, and the signature fields of "Securing
// Webhooks": `timestamp` (Unix seconds), `token` (50 random characters), `signature` (hex
// HMAC-SHA256 of timestamp + token keyed by the webhook signing key). Form-encoded without
// attachments, multipart/form-data with them. The message is real MIME, built by nodemailer.
import { createHmac, randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface InboundMail {
  from: string;
  /** The MAIL TO address Mailgun received it for (the route's match). */
  recipient: string;
  subject?: string;
  text: string;
  html?: string;
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string }[];
}

export interface MailgunPost {
  fields: Record<string, string>;
  /** The request as Mailgun sends it: its body and content type. */
  payload: Buffer;
  contentType: string;
}

async function mime(mail: InboundMail): Promise<string> {
  const composer = new MailComposer({
    from: mail.from,
    to: mail.recipient,
    subject: mail.subject ?? 'Re: A message from your plumber',
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  });
  const built = await composer.compile().build();
  return built.toString();
}

/** Mailgun's post of `mail`, signed with `signingKey` (pass another key to forge one). */
export async function mailgunPost(
  signingKey: string,
  mail: InboundMail,
  options: { timestamp?: number } = {},
): Promise<MailgunPost> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const fields: Record<string, string> = {
    recipient: mail.recipient,
    sender: mail.from.replace(/^.*<([^>]+)>.*$/, '$1'),
    from: mail.from,
    subject: mail.subject ?? 'Re: A message from your plumber',
    'body-mime': await mime(mail),
    timestamp,
    token,
    signature: createHmac('sha256', signingKey).update(`${timestamp}${token}`).digest('hex'),
  };
  if (!mail.attachments?.length)
    return {
      fields,
      payload: Buffer.from(new URLSearchParams(fields).toString()),
      contentType: 'application/x-www-form-urlencoded',
    };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://mailgun.invalid/', { method: 'POST', body: form });
  return {
    fields,
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? 'multipart/form-data',
  };
}
