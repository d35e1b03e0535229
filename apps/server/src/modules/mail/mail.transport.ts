import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe (RFC 2369, 8058); nodemailer writes them as given. */
  headers?: Record<string, string>;
}

/** The one place that talks SMTP. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}): MailTransport {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    // A fresh install has no SMTP server: the mail and its link go to the log so sign-up still works.
    return {
      async deliver(message) {
        logger.info({ mailTo: message.to, subject: message.subject }, `mail (no SMTP_URL set):\n${message.text}`);
      },
    };
  }
  // Bounded, so an alert mail's send ends well before the alert sweep would call it interrupted.
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
