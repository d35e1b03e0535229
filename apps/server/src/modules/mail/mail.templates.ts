import type { MailMessage } from './mail.transport';

interface LinkMail {
  productName: string;
  to: string;
  link: string;
}

export function verificationMail({ productName, to, link }: LinkMail): MailMessage {
  return {
    to,
    subject: `Verify your email for ${productName}`,
    text: `Welcome to ${productName}!\n\nConfirm your email address by opening this link:\n${link}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this mail.\n`,
  };
}

export function passwordResetMail({ productName, to, link }: LinkMail): MailMessage {
  return {
    to,
    subject: `Reset your ${productName} password`,
    text: `Someone asked to reset the password of your ${productName} account.\n\nSet a new password here:\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.\n`,
  };
}
