import { DEFAULT_MISSED_CALL_MESSAGE } from '#shared/conversations.ts';
import type { DemoMessage } from '#server/modules/conversations/conversations-demo.ts';
import type { Customer } from '#server/modules/conversations/conversation-log.ts';
import { toE164 } from '#server/modules/reviews/review-request-rules.ts';
import type { ConvertedDemoLead } from './demo-leads.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Two of the demo's inbox threads, with customers whose jobs are among its converted leads: a text
 * asking for a visit, answered and booked, and a missed call the automatic text-back turned into a
 * conversation (its last answer still unread).
 */
export function demoThreads(converted: ConvertedDemoLead[]): { customer: Customer; messages: DemoMessage[] }[] {
  const [a, b] = converted.filter((l) => toE164(l.phone));
  const who = (l: ConvertedDemoLead): Customer => ({
    name: l.name,
    phone: toE164(l.phone),
    email: l.email,
    leadId: l.id,
  });
  const first = (l: ConvertedDemoLead) => l.name.split(' ')[0];
  const threads: { customer: Customer; messages: DemoMessage[] }[] = [];
  if (a) {
    const t = a.closedAt.getTime() - 2 * DAY;
    const sms = (direction: 'in' | 'out', body: string, after: number): DemoMessage => ({
      direction,
      channel: 'sms',
      kind: direction === 'in' ? 'customer' : 'reply',
      body,
      at: new Date(t + after * MINUTE),
    });
    threads.push({
      customer: who(a),
      messages: [
        sms('in', 'Hi, our furnace bangs when it starts up. Could someone look at it this week?', 0),
        sms('out', `Hi ${first(a)}, sorry to hear that! We can come Thursday between 9 and 11. Does that work?`, 7),
        sms('in', 'Thursday works, thank you!', 19),
        sms('out', 'Booked. Our technician will text when he is on the way.', 22),
      ],
    });
  }
  if (b) {
    const t = b.closedAt.getTime() - 3 * DAY;
    threads.push({
      customer: who(b),
      messages: [
        { direction: 'in', channel: 'call', kind: 'customer', body: 'Missed call', at: new Date(t) },
        {
          direction: 'out',
          channel: 'sms',
          kind: 'missed_call',
          body: DEFAULT_MISSED_CALL_MESSAGE,
          at: new Date(t + MINUTE),
        },
        {
          direction: 'in',
          channel: 'sms',
          kind: 'customer',
          body: 'Yes please, our AC stopped cooling. Can you call me back after 5?',
          at: new Date(t + 6 * MINUTE),
        },
      ],
    });
  }
  return threads;
}
