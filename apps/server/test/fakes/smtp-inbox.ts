import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { IN_PROCESS_WAIT_MS } from '../loaded-machine';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header fields as sent, by lowercase name (the last one when repeated). */
  headers: Record<string, string>;
}

/** A real SMTP server on loopback that keeps what it receives, for tests and `npm run dev`. */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  private waiters: Array<() => void> = [];
  private server: SMTPServer;
  /** Refuse the next N messages with a temporary error, to exercise retries. */
  refuseNext = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuseNext > 0) {
          this.refuseNext -= 1;
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })));
          return;
        }
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));
            const headers = Object.fromEntries(
              mail.headerLines.map((header) => [header.key, header.line.slice(header.line.indexOf(':') + 1).trim()]),
            );
            this.messages.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              headers,
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${address.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for a mail to `to` whose subject matches; fails after the timeout. */
  async waitFor(to: string, subject: RegExp, timeoutMs = IN_PROCESS_WAIT_MS): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, 500));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  countTo(to: string, subject: RegExp): number {
    return this.messages.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length;
  }
}

/** The link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return new URL(match[0]);
}
