import type { Profile } from '@paydar/contracts/accounts';
import { useSyncExternalStore } from 'react';

/**
 * A sign-in link (`?auth=<key>`) for another account, opened while already signed in: held here
 * until the person chooses, so a link can never switch a browser's account on its own.
 */
export interface AccountSwitchOffer {
  key: string;
  current: Profile;
  offered: Profile;
}

let offer: AccountSwitchOffer | null = null;
const listeners = new Set<() => void>();

function set(next: AccountSwitchOffer | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

export const offerAccountSwitch = (next: AccountSwitchOffer) => set(next);
export const dismissAccountSwitch = () => set(null);
export const getAccountSwitchOffer = () => offer;

export function useAccountSwitchOffer(): AccountSwitchOffer | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => offer,
    () => offer,
  );
}
