import { z } from 'zod';
import { CONVERSATION_MESSAGES } from '#shared/conversations.ts';
import { SmsError, TWILIO_OPTED_OUT, sendSms } from '#server/integrations/twilio/twilio-messages.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import type { ConversationsDeps } from './conversations.service.ts';
import { SMS_STATUS_PATH } from './conversation-log.ts';
import * as repo from './conversations.repo.ts';
import { publishInboxEvent } from './inbox-events.ts';
import { addTextOptOut, isTextOptedOut } from './sms-opt-outs.ts';

// The send job of an owner's text reply: one Messages API call per reply, its SID and status
// stored on the message; the STOP list is checked again at send time.

export const ZSendReplyJob = z.object({ tenantId: z.string().uuid(), messageId: z.string().uuid() });

export async function sendReply(
  deps: Pick<ConversationsDeps, 'db' | 'box' | 'outbound' | 'twilioBaseUrl' | 'appUrl'>,
  job: z.infer<typeof ZSendReplyJob>,
): Promise<'sent' | 'skipped' | 'failed'> {
  const { tenantId, messageId } = job;
  const message = await repo.findMessage(deps.db, tenantId, messageId);
  // Pending: a typed reply or an automatic text due now; scheduled: one held until quiet hours ended.
  if (!message || !['pending', 'scheduled'].includes(message.status) || message.channel !== 'sms') return 'skipped';
  const thread = await repo.findConversation(deps.db, tenantId, message.conversationId);
  const tell = () => publishInboxEvent(deps.db, tenantId, { conversationId: message.conversationId, kind: 'status' });
  const fail = async (status: 'failed' | 'opted_out', error: string) => {
    await repo.moveMessage(deps.db, tenantId, message.id, ['scheduled', 'pending', 'sending'], { status, error });
    await tell();
    return 'failed' as const;
  };
  if (!thread?.phone) return fail('failed', CONVERSATION_MESSAGES.noPhone);
  if (await isTextOptedOut(deps.db, tenantId, thread.phone)) return fail('opted_out', CONVERSATION_MESSAGES.optedOut);
  const sender = await smsSender(deps, tenantId);
  if (!sender) return fail('failed', CONVERSATION_MESSAGES.smsNotSetUp);
  // The move to "sending" is the claim: a retry after it never texts twice.
  const claimed = await repo.moveMessage(deps.db, tenantId, message.id, ['scheduled', 'pending'], {
    status: 'sending',
  });
  if (!claimed) return 'skipped';
  try {
    const sent = await sendSms(deps.outbound, deps.twilioBaseUrl, sender, {
      to: thread.phone,
      from: sender.phoneNumber,
      body: message.body,
      statusCallback: `${deps.appUrl}${SMS_STATUS_PATH}`,
    });
    await repo.moveMessage(deps.db, tenantId, message.id, ['sending'], {
      status: sent.status === 'sent' ? 'sent' : 'queued',
      providerSid: sent.sid,
    });
    await tell();
    return 'sent';
  } catch (err) {
    if (!(err instanceof SmsError)) throw err;
    if (err.code === TWILIO_OPTED_OUT) {
      await addTextOptOut(deps.db, tenantId, thread.phone, 'twilio_21610');
      return fail('opted_out', CONVERSATION_MESSAGES.optedOut);
    }
    if (err.transient) {
      // Nothing went out: back to pending, and the job's retry sends it.
      await repo.moveMessage(deps.db, tenantId, message.id, ['sending'], { status: 'pending', error: err.message });
      throw new Error(`Twilio unavailable: ${err.message}`);
    }
    return fail('failed', err.message);
  }
}
