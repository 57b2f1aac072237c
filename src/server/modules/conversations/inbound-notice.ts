import { notify } from '#server/modules/push/push.service.ts';
import type { Jobs } from '#server/jobs/jobs.ts';

// The one place the inbound-message path tells the owner beyond the open inboxes (which hear of
// it through the inbox bus): a Web Push to the business's members who chose "New message", with
// the customer's name and the first words, opening the thread. The push job sends it, never the
// webhook's request.

export interface InboundNotice {
  tenantId: string;
  conversationId: string;
  messageId: string;
  customerName: string;
  channel: 'sms' | 'email' | 'call';
  preview: string;
}

/** Called once per stored inbound message; a push that could not be queued never fails the webhook. */
export async function notifyInboundMessage(
  deps: { jobs: Pick<Jobs, 'enqueue'> },
  notice: InboundNotice,
): Promise<void> {
  try {
    await notify(deps, notice.tenantId, 'new_message', {
      title: notice.channel === 'call' ? `Missed call: ${notice.customerName}` : `New message: ${notice.customerName}`,
      body: notice.preview,
      url: `/inbox/${notice.conversationId}`,
    });
  } catch {
    // The message is stored and shows in the inbox; the push is a courtesy on top.
  }
}
