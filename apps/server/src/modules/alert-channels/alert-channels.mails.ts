import type { MailMessage } from '../mail/mail.transport';

/** The mail that proves an alert email address: its link opens Alert Center, which calls verify. */
export function channelVerificationMail(options: { productName: string; to: string; link: string }): MailMessage {
  const { productName, to, link } = options;
  return {
    to,
    subject: `Confirm ${to} for ${productName} alerts`,
    text: `${to} was added to receive ${productName} alerts when a monitored site or server goes down.\n\nTo get those alerts here, confirm this address by opening this link:\n${link}\n\nThe link works once and expires in 24 hours. If you did not expect this mail, ignore it: the address stays unconfirmed.\n`,
  };
}
