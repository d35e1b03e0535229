import { describe, expect, it } from 'vitest';
import { emptyAlertChannels } from '../../db/schema/users';
import { withLoginEmailListed } from './profile-channels';

const none = emptyAlertChannels;
const channels = (emails: Array<{ value: string; is_verified: boolean }>) => ({ ...none, emails });

describe('withLoginEmailListed', () => {
  it('lists the login address, verified, where the profile has no verified email', () => {
    expect(withLoginEmailListed(none, 'Me@Example.test').emails).toEqual([
      { value: 'me@example.test', is_verified: true },
    ]);
    expect(
      withLoginEmailListed(channels([{ value: 'later@example.test', is_verified: false }]), 'me@example.test').emails,
    ).toEqual([
      { value: 'later@example.test', is_verified: false },
      { value: 'me@example.test', is_verified: true },
    ]);
  });

  it('verifies it in place when listed, and adds nothing beside a verified email', () => {
    expect(
      withLoginEmailListed(channels([{ value: 'me@example.test', is_verified: false }]), 'me@example.test').emails,
    ).toEqual([{ value: 'me@example.test', is_verified: true }]);
    const ops = channels([{ value: 'ops@example.test', is_verified: true }]);
    expect(withLoginEmailListed(ops, 'me@example.test')).toEqual(ops);
  });

  it('adds nothing to a profile already holding the most emails', () => {
    const full = channels(Array.from({ length: 20 }, (_, i) => ({ value: `u${i}@example.test`, is_verified: false })));
    expect(withLoginEmailListed(full, 'me@example.test').emails).toHaveLength(20);
  });
});
