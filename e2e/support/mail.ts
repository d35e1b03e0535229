import { expect } from '@playwright/test';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits until a mail to `to` whose subject matches has reached the test SMTP inbox. */
export async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${process.env.E2E_INBOX_URL}/?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as Mail[];
        found = mails.findLast((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: 60_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found as Mail;
}

/** The first link in the mail that starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match[0];
}

/** Every mail to `to` the test SMTP inbox has received so far. */
export async function mailsTo(to: string): Promise<Mail[]> {
  return (await (await fetch(`${process.env.E2E_INBOX_URL}/?to=${encodeURIComponent(to)}`)).json()) as Mail[];
}
