import type { TMessageChannel, TMessageKind } from '#shared/conversations.ts';
import type { Db } from '#server/db/client.ts';
import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import { threadFor, type Customer } from './conversation-log.ts';
import * as repo from './conversations.repo.ts';

export interface DemoMessage {
  direction: 'in' | 'out';
  channel: TMessageChannel;
  kind: TMessageKind;
  body: string;
  at: Date;
}

/**
 * The demo business's inbox: threads with its leads as the texts, calls and replies would have
 * stored them (the customer's thread by number, each message at its moment, delivered), read up to
 * the owner's last reply. Nothing is sent; refused for any business that is not the demo.
 */
export async function addDemoConversations(
  deps: { db: Db },
  tenantId: string,
  threads: { customer: Customer; messages: DemoMessage[] }[],
): Promise<void> {
  await assertDemoBusiness(deps, tenantId, 'conversations');
  for (const { customer, messages } of threads) {
    const thread = await threadFor(deps.db, tenantId, customer);
    for (const m of messages)
      await repo.insertMessage(deps.db, tenantId, thread.id, {
        direction: m.direction,
        channel: m.channel,
        kind: m.kind,
        body: m.body,
        status: m.direction === 'in' ? 'received' : 'delivered',
        createdAt: m.at,
      });
    // What came in after the owner's last reply is still unread.
    const lastOut = messages.findLastIndex((m) => m.direction === 'out');
    const unread = messages.slice(lastOut + 1).filter((m) => m.direction === 'in').length;
    await repo.updateConversation(deps.db, tenantId, thread.id, { unread });
  }
}
