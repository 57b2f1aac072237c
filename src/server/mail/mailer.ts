import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { emailLogs } from '#server/db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What kind of mail this is, for the email log (verify_email, reset_password, …). */
  type: string;
  userId?: string;
  tenantId?: string;
  /** Where the customer's reply goes: the thread's reply address (conversations). */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on mail to customers. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps the message in email_logs and logs its links. */
  readonly mode: 'smtp' | 'outbox';
  /** Sends (or keeps) one message and records it in email_logs. Never throws for a failed send. */
  send(message: MailMessage): Promise<{ delivered: boolean }>;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * The one mail module: SMTP through nodemailer when SMTP_URL is set; otherwise a local outbox,
 * so password reset and verification work on a laptop without a mail server.
 */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>, db: Db, log: FastifyBaseLogger): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(message) {
      const base = {
        emailType: message.type,
        recipientEmail: message.to,
        subject: message.subject,
        userId: message.userId ?? null,
        tenantId: message.tenantId ?? null,
      };
      if (!transport) {
        // The outbox keeps the body (with its links) because reading it is the only way to
        // receive the mail; with SMTP configured, bodies are never stored.
        await db.insert(emailLogs).values({ ...base, bodyText: message.text, status: 'outbox' });
        log.info(
          { to: message.to, subject: message.subject, links: message.text.match(LINK) ?? [] },
          'mail kept in the local outbox (SMTP_URL is not set)',
        );
        return { delivered: false };
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
        await db.insert(emailLogs).values({ ...base, status: 'sent', sentAt: new Date() });
        return { delivered: true };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        log.error({ err, to: message.to, type: message.type }, 'mail could not be sent');
        await db.insert(emailLogs).values({ ...base, status: 'failed', errorMessage: reason.slice(0, 500) });
        return { delivered: false };
      }
    },
  };
}
