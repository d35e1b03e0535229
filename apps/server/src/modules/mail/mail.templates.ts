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

/** How a notice names a moment: the same for every reader, whatever their time zone. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function emailChangeConfirmationMail({ productName, to, link }: LinkMail): MailMessage {
  return {
    to,
    subject: `Confirm your new email for ${productName}`,
    text: `Someone asked to move a ${productName} account to this address.\n\nConfirm it by opening this link while signed in to that account:\n${link}\n\nThe link works once and expires in 24 hours. Until then the account keeps its old email. If it was not you, ignore this mail.\n`,
  };
}

interface NoticeMail {
  productName: string;
  to: string;
  at: Date;
  supportEmail: string;
}

export function emailChangeNoticeMail({
  productName,
  to,
  at,
  supportEmail,
  newEmail,
}: NoticeMail & { newEmail: string }): MailMessage {
  return {
    to,
    subject: `Your ${productName} email is changing`,
    text: `At ${utcMinute(at)} someone signed in to your ${productName} account asked to change its email from ${to} to ${newEmail}.\n\nNothing changes until the link sent to ${newEmail} is opened; until then you sign in with ${to}.\n\nIf it was not you, change your password now (or reset it from the login page) and write to ${supportEmail}.\n`,
  };
}

export function passwordChangedMail({ productName, to, at, supportEmail }: NoticeMail): MailMessage {
  return {
    to,
    subject: `Your ${productName} password was changed`,
    text: `At ${utcMinute(at)} the password of your ${productName} account (${to}) was changed, and every other session was signed out.\n\nIf it was not you, reset your password from the login page now and write to ${supportEmail}.\n`,
  };
}
