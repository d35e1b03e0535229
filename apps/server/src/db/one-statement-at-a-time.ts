import type pg from 'pg';

/**
 * A pooled client that sends its statements one after another, in the order they were asked
 * for, however they were asked: a transaction's work may run queries side by side (a
 * `Promise.all` of reads), and pg deprecates — and pg@9 removes — calling `query` on a client
 * whose last statement has not answered yet ("Calling client.query() when the client is already
 * executing a query is deprecated"). A statement that fails does not stop the ones after it;
 * each caller gets its own answer or error.
 */
export function oneStatementAtATime(client: pg.PoolClient): pg.PoolClient {
  let previous: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]): unknown => {
    // A callback or a submittable (a cursor, a stream) is not a promise to wait on: such a call
    // goes straight through, as the client takes it.
    if (args.some((argument) => typeof argument === 'function') || isSubmittable(args[0])) {
      return (client.query as (...rest: unknown[]) => unknown)(...args);
    }
    const answer = previous.then(() => (client.query as (...rest: unknown[]) => Promise<unknown>)(...args));
    previous = answer.catch(() => undefined);
    return answer;
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function isSubmittable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { submit?: unknown }).submit === 'function';
}
