import type { TSuggestedReply } from '#shared/schemas/conversations.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { AppError } from '#server/errors.ts';
import { businessProfileOfMembers } from '#server/modules/onboarding/onboarding.service.ts';
import type { ConversationsDeps } from './conversations.service.ts';
import { isUuid } from './conversations.service.ts';
import * as repo from './conversations.repo.ts';

// The suggested reply: grounded in the thread, the customer and the business's profile; never a
// price, a time or a promise the business did not write (a draft with a figure or a money sign
// is thrown away for the offline one, which only acknowledges and asks).

const SYSTEM = `You write short text-message replies for a small field-service business (plumbing, HVAC, electrical).
Reply as the business, in 1-3 plain sentences, under 300 characters, no emoji, no links.
Never state a price, a cost, a discount, a time of arrival, a date, a guarantee or any promise the business did not make in the thread.
If the customer asks for a price or a time, say someone will confirm it and ask what you need to know (address, photo, good time to call).`;

export function offlineSuggestion(input: { firstName: string; lastCustomerText: string; business: string }): string {
  const hi = input.firstName ? `Hi ${input.firstName}, ` : 'Hi, ';
  const t = input.lastCustomerText.toLowerCase();
  if (/\b(price|cost|quote|how much|estimate)\b/.test(t))
    return `${hi}thanks for asking! We will confirm the price once we know a bit more. Could you send a photo or describe the problem?`;
  if (/\b(when|today|tomorrow|available|come out|appointment|schedule)\b/.test(t))
    return `${hi}thanks! Let us check the schedule and confirm a time with you shortly. What address is the job at?`;
  return `${hi}thanks for your message to ${input.business}. We will get back to you shortly. Could you tell us a little more about what you need?`;
}

/** A draft must not carry a figure or a money sign that the thread did not. */
export function groundedDraft(draft: string, thread: string): boolean {
  const t = draft.trim();
  if (t.length < 10 || t.length > 480) return false;
  if (/[$€£]/.test(t) && !/[$€£]/.test(thread)) return false;
  return (t.match(/\d+/g) ?? []).every((n) => thread.includes(n));
}

export async function suggestReply(
  deps: Pick<ConversationsDeps, 'db' | 'ai'>,
  auth: AuthContext,
  id: string,
): Promise<TSuggestedReply> {
  const row = isUuid(id) ? await repo.findConversation(deps.db, auth.tenantId, id) : undefined;
  if (!row) throw new AppError('not_found', 'Conversation not found.');
  const [messages, profile] = await Promise.all([
    repo.threadMessages(deps.db, auth.tenantId, row.id, 12),
    businessProfileOfMembers(deps.db, auth.tenantId),
  ]);
  const lines = messages
    .filter((m) => m.channel !== 'note')
    .map((m) => `${m.direction === 'in' ? 'Customer' : 'Business'}: ${m.body}`);
  const thread = lines.join('\n');
  const lastIn = [...messages].reverse().find((m) => m.direction === 'in');
  const looksLikeName = /^\p{L}[\p{L}'’-]{0,29}$/u;
  const first = row.name.trim().split(/\s+/)[0] ?? '';
  const facts = {
    firstName: looksLikeName.test(first) ? first : '',
    lastCustomerText: lastIn?.body ?? '',
    business: auth.tenantName,
  };
  const offline = () => offlineSuggestion(facts);
  const prompt = [
    `Business: ${auth.tenantName}.`,
    profile.serviceArea ? `Serves ${profile.serviceArea}.` : '',
    profile.description ?? '',
    profile.tone ? `Tone: ${profile.tone}.` : '',
    `Customer: ${row.name}.`,
    'The conversation so far:',
    thread || '(no messages yet)',
    'Write the business’s next reply.',
  ]
    .filter(Boolean)
    .join('\n');
  const result = await deps.ai.text(
    { tenantId: auth.tenantId, userId: auth.userId },
    { system: SYSTEM, prompt, offline },
  );
  const draft = result.value.trim();
  if (result.source === 'ai' && groundedDraft(draft, thread)) return { body: draft, source: 'ai' };
  return { body: offline(), source: 'offline' };
}
