import type { Mailer } from '#server/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { esc } from './landing-template.ts';
import type { SpeedToLead } from './lead-intake.service.ts';
import * as repo from './website.repo.ts';

/**
 * Speed to lead: the customer's auto-reply in the business's name (when they gave an email) and
 * the owners' notification, sent by the job the form enqueues. Answers the milliseconds from
 * the form's submission to the reply, the figure the issue asks us to measure.
 */
export async function sendSpeedToLead(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  lead: SpeedToLead,
  now = Date.now(),
): Promise<{ replied: boolean; notified: number; elapsedMs: number }> {
  let replied = false;
  if (lead.email) {
    const text = `Hi ${lead.name},\n\nThanks for contacting ${lead.businessName} about ${lead.service}. We got your request and will call or email you shortly to set a time.\n\n${lead.businessName}`;
    const html = `<p>Hi ${esc(lead.name)},</p><p>Thanks for contacting ${esc(lead.businessName)} about ${esc(lead.service)}. We got your request and will call or email you shortly to set a time.</p><p>${esc(lead.businessName)}</p>`;
    const sent = await deps.mailer.send({
      to: lead.email,
      subject: `${lead.businessName} got your request`,
      text,
      html,
      type: 'lead_auto_reply',
      tenantId: lead.tenantId,
    });
    replied = sent.delivered || deps.mailer.mode === 'outbox';
  }
  const reach = [lead.phone, lead.email].filter(Boolean).join(', ');
  const link = `${deps.appUrl}/leads`;
  const admins = await repo.adminEmails(deps.db, lead.tenantId);
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject: `New lead: ${lead.name} (${lead.service})`,
      text: `${lead.name} asked about ${lead.service} in ${lead.location} on your page "${lead.pageTitle}". Reach them at ${reach}.\n\nOpen your leads: ${link}`,
      html: `<p>${esc(lead.name)} asked about ${esc(lead.service)} in ${esc(lead.location)} on your page “${esc(lead.pageTitle)}”. Reach them at ${esc(reach)}.</p><p><a href="${esc(link)}">Open your leads</a></p>`,
      type: 'lead_notification',
      userId: admin.userId,
      tenantId: lead.tenantId,
    });
  }
  return { replied, notified: admins.length, elapsedMs: now - lead.submittedAt };
}
