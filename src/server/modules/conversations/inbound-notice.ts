// The one place the inbound-message path tells the world beyond the open inboxes (which hear
// of it through the inbox bus). Issue 37 (Web Push) wires its push here: a notification to
// the business's members with the customer's name and the first words of the message.

export interface InboundNotice {
  tenantId: string;
  conversationId: string;
  messageId: string;
  customerName: string;
  channel: 'sms' | 'email' | 'call';
  preview: string;
}

type Hook = (notice: InboundNotice) => Promise<void> | void;
const hooks: Hook[] = [];

/** Registers what runs on each inbound message (Web Push, on merge); answers its removal. */
export function onInboundMessage(hook: Hook): () => void {
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

/** Called once per stored inbound message; a failing hook never fails the webhook. */
export async function notifyInboundMessage(notice: InboundNotice): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(notice);
    } catch {
      // A push that could not go out is not the customer's problem.
    }
  }
}
