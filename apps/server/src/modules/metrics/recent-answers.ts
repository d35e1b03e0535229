import { lazyCache } from '../../caches/bounded-cache';
import type { VersionedAnswer } from '../../http/conditional';
import type { EncodedBody } from '../../http/encoded-body';
import type { AnswerCache } from './metric-cache';

/** How old the last answer of a group may be to stand in while a newer one is computed. */
export const STAND_IN_MAX_AGE_MS = 10_000;

interface GroupState {
  /** The newest key whose answer is computed and kept, and when it was last the current one. */
  ready?: { key: string; currentAt: number };
  /** The key being computed now, and the computation every later caller of it shares. */
  computing?: { key: string; body: Promise<EncodedBody> };
}

/**
 * Answers of a group (one status page) whose version moves while a crowd reads it: the caller that
 * meets a new version first waits for its computation, and so reads the new answer at once (an
 * owner looking at the page just after an update sees it); callers arriving while that computation
 * runs get the group's previous answer — with its own ETag, so mostly a 304 — instead of all
 * queueing behind it. Each visitor then has the new answer on its next read, a computation later.
 * A previous answer older than STAND_IN_MAX_AGE_MS never stands in.
 */
export class RecentAnswers<T extends object> {
  /** The groups read lately; one nobody reads any more is forgotten with its last answer's age. */
  private readonly groups = lazyCache<string, GroupState>('status-page-readers');

  constructor(private readonly answers: AnswerCache<T>) {}

  /** The answer of `group` for a caller at `now` (epoch ms) who meets its version `key`. */
  answer(group: string, key: string, now: number, compute: () => Promise<T>): VersionedAnswer {
    let state = this.groups().get(group);
    if (!state) {
      state = {};
      this.groups().set(group, state);
    }
    if (this.answers.has(key)) {
      state.ready = { key, currentAt: now };
      return this.answers.versioned(key, compute);
    }
    const ready = state.ready;
    if (
      state.computing?.key === key &&
      ready &&
      now - ready.currentAt <= STAND_IN_MAX_AGE_MS &&
      this.answers.has(ready.key)
    )
      return this.answers.versioned(ready.key, compute);
    if (state.computing?.key !== key) {
      const computing = this.compute(state, key, now, compute);
      // Its callers see a failure; a computation nobody awaited (their ETag matched) must not crash the process.
      computing.catch(() => undefined);
      state.computing = { key, body: computing };
    }
    const body = state.computing.body;
    return { etag: this.answers.versioned(key, compute).etag, read: () => body };
  }

  private async compute(state: GroupState, key: string, now: number, compute: () => Promise<T>) {
    try {
      const body = await this.answers.versioned(key, compute).read();
      state.ready = { key, currentAt: now };
      return body;
    } finally {
      if (state.computing?.key === key) state.computing = undefined;
    }
  }
}
