import type { BrowserContext, ConsoleMessage } from '@playwright/test';

/** A browser console error a spec provokes on purpose, and why it is expected. */
export type AllowedConsoleError = {
  /** Matched against the message text and, for a failed resource, its URL. */
  pattern: RegExp;
  /** Why the spec causes it; required, so every exception says what it is for. */
  reason: string;
};

/**
 * Collects every `console.error` and uncaught page error of the contexts it watches, except the
 * ones allowed; a spec's test fixture fails the test with the list when any is left.
 */
export class ConsoleGuard {
  private readonly errors: string[] = [];
  private readonly allowed: AllowedConsoleError[];

  constructor(allowed: readonly AllowedConsoleError[] = []) {
    this.allowed = [...allowed];
  }

  /** Allows one more error for the rest of this test (a failure the test provokes itself). */
  allow(pattern: RegExp, reason: string): void {
    this.allowed.push({ pattern, reason });
  }

  /** Listens to every page of the context, the ones opened later included. */
  watch(context: BrowserContext): void {
    context.on('console', (message) => {
      if (message.type() === 'error') this.record(describeConsole(message));
    });
    context.on('weberror', (error) => this.record(`pageerror: ${error.error().message}`));
  }

  /** The errors no allow-list entry matched, one line each. */
  unexpected(): string[] {
    return [...this.errors];
  }

  private record(text: string): void {
    if (this.allowed.some((entry) => entry.pattern.test(text))) return;
    this.errors.push(text);
  }
}

/** The text and, when the browser names one, the URL it is about ("Failed to load resource" names none in its text). */
function describeConsole(message: ConsoleMessage): string {
  const { url } = message.location();
  const page = message.page()?.url() ?? '';
  return `console.error: ${message.text()}${url ? ` [${url}]` : ''}${page ? ` (on ${page})` : ''}`;
}
