import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import * as repo from './conversations.repo.ts';

// The thread's reply address: reply+{token}@INBOUND_EMAIL_DOMAIN on every email the thread sends,
// so the customer's answer comes back into the same thread. The token is 120 random bits in
// lower-case hex (mail systems may fold the case of an address), made with the first email.

const TOKEN = /^reply\+([0-9a-f]{30})@(.+)$/;

/** The thread's reply address, giving it a token first when it has none. */
export async function replyAddress(
  db: Db,
  thread: Pick<repo.ConversationRow, 'id' | 'tenantId' | 'replyToken'>,
  domain: string,
): Promise<string> {
  let token = thread.replyToken;
  if (!token) {
    await repo.setReplyToken(db, thread.tenantId, thread.id, randomBytes(15).toString('hex'));
    // Read back: a concurrent send may have set its own first, and that one is kept.
    token = (await repo.findConversation(db, thread.tenantId, thread.id))?.replyToken ?? null;
  }
  if (!token) throw new Error('the thread has no reply token');
  return `reply+${token}@${domain}`;
}

/** The token of a reply address at our domain, or null for any other address. */
export function replyTokenOf(address: string, domain: string): string | null {
  const match = TOKEN.exec(address.trim().toLowerCase());
  return match && match[2] === domain ? match[1]! : null;
}

const QUOTE_HEADERS = [
  /^-{2,}\s*original message\s*-{2,}$/i, // Outlook, older clients
  /^-{2,}\s*forwarded message\s*-{2,}$/i,
  /^_{20,}$/, // Outlook's rule above "From: … Sent: …"
  /^-- ?$/, // the signature delimiter (RFC 3676)
];

/**
 * The new part of a reply: the text above "On … wrote:", "-----Original Message-----", an
 * Outlook header block or the signature delimiter, and above a trailing block of "> " lines.
 * Replies written between quoted lines are kept whole; so is a message that would be left empty.
 */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = (lines[i + 1] ?? '').trim();
    const wrote =
      /^on\b.+\bwrote:$/i.test(line) || (/^on\b/i.test(line) && /\bwrote:$/i.test(next) && line.length < 200);
    const outlook =
      /^from:\s.+/i.test(line) && lines.slice(i + 1, i + 4).some((l) => /^(sent|date):\s/i.test(l.trim()));
    if (wrote || outlook || QUOTE_HEADERS.some((re) => re.test(line))) {
      cut = i;
      break;
    }
  }
  // A block of quoted lines that runs to the end (nothing written after it).
  let tail = cut;
  while (tail > 0 && (lines[tail - 1]!.startsWith('>') || lines[tail - 1]!.trim() === '')) tail -= 1;
  if (lines.slice(tail, cut).some((l) => l.startsWith('>'))) cut = tail;
  const reply = lines.slice(0, cut).join('\n').trim();
  return reply || text.trim();
}
