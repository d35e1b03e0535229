import type { SUBSCRIPTION_PERIODS } from '@paydar/contracts/plans';
import { useSyncExternalStore } from 'react';

/**
 * The Charge popup (spec §2): one popup for the signed-in app, mounted by the app layout and opened
 * from the header's plus button and from /finance — which may pre-fill it from its query when the
 * user came to top up for a plan (spec §2 route table, §4 "Plan purchase").
 */
/** 'Monthly' or 'Yearly' (spec §9). */
export type SubscriptionPeriod = (typeof SUBSCRIPTION_PERIODS)[number];

export type ChargeRequest = {
  /** Tomans to put in the amount field; the default amount when absent. */
  amount?: number;
  /** A plan to buy once the payment is verified (goal buy_plan). */
  plan?: { name: string; period: SubscriptionPeriod };
};

type State = { opened: boolean; request: ChargeRequest };

let state: State = { opened: false, request: {} };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function openChargePopup(request: ChargeRequest = {}): void {
  set({ opened: true, request });
}

export function closeChargePopup(): void {
  set({ opened: false, request: {} });
}

/** Whether the popup shows, and what it was opened with. */
export function useChargePopup(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
