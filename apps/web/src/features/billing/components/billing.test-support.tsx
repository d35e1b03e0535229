// Shared by the billing tests: the plan catalogue, a fake of the billing calls that keeps a wallet,
// and rendering at a URL.
import { notifications } from '@mantine/notifications';
import type { Profile } from '@paydar/contracts/accounts';
import type { FinancialTransaction, ZarinpalPayment } from '@paydar/contracts/billing';
import type { Plan, Subscription } from '@paydar/contracts/plans';
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { closeChargePopup } from '@/lib/charge-popup';
import { closePlansPopup } from '@/lib/plans-popup';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildSubscription, freeSpecifications, page } from '@/testing/monitor-builders';
import { currentLocation, renderAt as renderRoutedAt } from '@/testing/render-at';
import { buildProfile, stubFetch } from '@/testing/test-utils';

export type Call = { method: string; path: string; search: URLSearchParams; body: unknown; headers: Headers };
export type Answer = { status?: number; body?: unknown };

function buildPlan(overrides: Partial<Plan> & Pick<Plan, 'id' | 'name' | 'level' | 'default_cost'>): Plan {
  return {
    description: { quantity: { Notification: 100 }, quality: { Protocol: ['HTTP', 'ICMP'], VoiceCall: false } },
    specifications: freeSpecifications,
    image_url: '',
    is_active: true,
    ...overrides,
  };
}

/** The server's catalogue (apps/server/src/modules/plans/plans.catalogue.ts), in its shape. */
export const catalogue = {
  free: buildPlan({ id: 1, name: 'Free', level: 0, default_cost: 0 }),
  silver: buildPlan({
    id: 2,
    name: 'Silver',
    level: 1,
    default_cost: 89_000,
    description: {
      quantity: { Notification: 1_000 },
      quality: { Protocol: ['HTTP', 'ICMP', 'TCP'], VoiceCall: false },
    },
    specifications: {
      MINIMUM_MONITOR_PERIOD: 60,
      MAXIMUM_MONITOR_COUNT: 20,
      PROBERS: 5,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'POST'] }, ICMP: {}, TCP: {} },
      MONITOR_GROUP: false,
      METRIC_HISTORY_DAYS: 30,
    },
  }),
  gold: buildPlan({
    id: 3,
    name: 'Gold',
    level: 3,
    default_cost: 890_000,
    description: {
      quantity: { Notification: 10_000 },
      quality: { Protocol: ['HTTP', 'ICMP', 'TCP', 'DNS'], VoiceCall: true },
    },
    specifications: {
      MINIMUM_MONITOR_PERIOD: 15,
      MAXIMUM_MONITOR_COUNT: 100,
      PROBERS: 10,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET'] }, ICMP: {}, TCP: {}, DNS: {} },
      MONITOR_GROUP: true,
      METRIC_HISTORY_DAYS: 90,
    },
  }),
  enterprise: buildPlan({
    id: 4,
    name: 'Enterprise',
    level: 10,
    default_cost: 0,
    description: {
      quantity: { Notification: 1_000_000 },
      quality: { Protocol: ['HTTP', 'ICMP', 'TCP', 'DNS'], VoiceCall: true },
    },
    specifications: {
      MINIMUM_MONITOR_PERIOD: 5,
      MAXIMUM_MONITOR_COUNT: 100_000,
      PROBERS: 1_000,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET'] }, ICMP: {}, TCP: {}, DNS: {} },
      MONITOR_GROUP: true,
      METRIC_HISTORY_DAYS: 730,
    },
  }),
};
export const allPlans = (): Plan[] => Object.values(catalogue);

export function subscriptionTo(plan: Plan, period: Subscription['period'] = null): Subscription {
  return { ...buildSubscription(plan.specifications, plan), id: 100 + plan.id, period };
}

/**
 * A plan bought from the wallet for `period`, running from 2025/03/05 to 2025/04/05 (local days, so
 * the dates read the same in any zone) and renewing unless `overrides` say otherwise.
 */
export function paidSubscription(
  plan: Plan,
  period: 'Monthly' | 'Yearly' = 'Monthly',
  overrides: Partial<Subscription> = {},
): Subscription {
  return {
    ...subscriptionTo(plan, period),
    start_time: new Date(2025, 2, 5, 10, 0).toISOString(),
    expire_time: new Date(2025, 3, 5, 10, 0).toISOString(),
    auto_renew: true,
    ...overrides,
  };
}

export function buildTransaction(overrides: Partial<FinancialTransaction> = {}): FinancialTransaction {
  return {
    id: 1,
    amount: 50_000,
    transaction_type: 'increase_credit',
    description: 'Charge via Zarinpal',
    external_identifier: '201',
    creation_time: new Date(2025, 2, 5, 14, 3, 9).toISOString(),
    ...overrides,
  };
}

export type BillingApiOptions = {
  balance?: number;
  plans?: Plan[];
  /** The user's active plan; Free when absent. */
  current?: Plan;
  /** The active subscription in full (its end, period, renewal); built from `current` when absent. */
  subscription?: Subscription;
  transactions?: FinancialTransaction[];
  hasOrganization?: boolean;
  /** The card payments the server recorded for the user, looked up by authority; others are 404. */
  payments?: ZarinpalPayment[];
  /** Overrides an answer; undefined keeps the fake's own. */
  answer?: (call: Call) => Answer | undefined;
};

const PAYMENTS_PATH = '/api/v1/users/zarinpal/payments/';

/** A card payment as the server records it: paid 50,000 Tomans for a charge unless told otherwise. */
export function buildPayment(overrides: Partial<ZarinpalPayment> = {}): ZarinpalPayment {
  return {
    authority: 'A00000000000000000000000000000000001',
    state: 'paid',
    code: '000000000000123456',
    amount: 50_000,
    goal: 'charge',
    plan_name: null,
    period: null,
    ...overrides,
  };
}

/** A fake of the billing calls: a wallet, plans, purchases and transactions; `calls` records them. */
export function stubBillingApi(options: BillingApiOptions = {}) {
  const calls: Call[] = [];
  let balance = options.balance ?? 125_000;
  let current = options.current ?? catalogue.free;
  let active = options.subscription ?? null;
  const activeSubscription = () => active ?? subscriptionTo(current);
  const plans = options.plans ?? allPlans();
  let transactions = options.transactions ?? [];

  const fetchMock = stubFetch((url, init) => {
    const parsed = new URL(url);
    const call: Call = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      search: parsed.searchParams,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const custom = options.answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path.startsWith(PAYMENTS_PATH)) {
      const authority = decodeURIComponent(call.path.slice(PAYMENTS_PATH.length));
      const found = options.payments?.find((payment) => payment.authority === authority);
      return found ? { body: found } : { status: 404, body: { detail: 'Payment not found.', code: 'NOT_FOUND' } };
    }
    switch (`${call.method} ${call.path}`) {
      case 'GET /api/v1/users/profile':
        return { body: buildProfile({ charged_budget: balance }) };
      case 'GET /api/v2/users/subscription_plans':
        return { body: page(plans) };
      case 'GET /api/v1/users/subscriptions':
        return { body: page([activeSubscription()]) };
      case 'GET /api/v1/users/financial_transactions': {
        const limit = Number(call.search.get('limit'));
        const offset = Number(call.search.get('offset'));
        return { body: { ...page(transactions.slice(offset, offset + limit)), count: transactions.length } };
      }
      case 'GET /api/v1/users/check_organization':
        return { body: { has_organization: options.hasOrganization ?? true } };
      case 'POST /api/v1/users/zarinpal/request':
        return { body: { redirect_url: 'https://gateway.example.test/pg/StartPay/A0001' } };
      case 'POST /api/v1/users/add_credit': {
        const { amount } = call.body as { amount: number };
        balance += amount;
        return { body: { success: true, amount, balance } };
      }
      case 'POST /api/v2/users/subscriptions/buy': {
        const { plan_name, period } = call.body as { plan_name: string; period: 'Monthly' | 'Yearly' };
        const plan = plans.find((item) => item.name === plan_name);
        if (!plan) return { status: 400, body: { detail: 'plan_name: Unknown plan.', code: 'VALIDATION_FAILED' } };
        const price = plan.default_cost * (period === 'Yearly' ? 12 : 1);
        if (price > balance)
          return {
            status: 402,
            body: { detail: 'Your balance does not cover this plan.', code: 'INSUFFICIENT_BALANCE' },
          };
        balance -= price;
        current = plan;
        active = null;
        transactions = [
          buildTransaction({ id: transactions.length + 1, amount: -price, transaction_type: 'decrease_credit' }),
          ...transactions,
        ];
        return { body: { ...subscriptionTo(plan, period), is_active: true } };
      }
      case 'PATCH /api/v1/users/subscriptions/auto_renew': {
        const running = activeSubscription();
        const { level, default_cost, name } = running.subscription_plan;
        // The server's rule: only a plan the wallet sells (not Free, not Enterprise), bought for a period.
        if (running.period === null || level >= 10 || default_cost <= 0) {
          const message = `Your ${name} plan does not renew from your credit: there is no renewal to switch.`;
          return {
            status: 400,
            body: { detail: `auto_renew: ${message}`, code: 'VALIDATION_FAILED', auto_renew: [message] },
          };
        }
        active = { ...running, auto_renew: (call.body as { auto_renew: boolean }).auto_renew };
        return { body: active };
      }
      default:
        return { status: 404, body: { detail: 'Not found.' } };
    }
  });
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    balance: () => balance,
  };
}

export function signIn(overrides: Partial<Profile> = {}) {
  setSessionToken('key-1', 'local');
  queryClient.setQueryData(profileQueryKey, buildProfile(overrides));
}

/** Renders `ui` at `url` in the test providers (no transitions, so popups open at once). */
export const renderAt = (ui: ReactNode, url = '/finance') => renderRoutedAt(ui, url);
export { currentLocation };

/** Clears the app-wide popups and the toasts, which live in module-level stores, around each test. */
export function setUpBillingTests(): void {
  beforeEach(() => {
    closeChargePopup();
    closePlansPopup();
  });
  afterEach(() => {
    act(() => {
      notifications.clean();
      closeChargePopup();
      closePlansPopup();
    });
    localStorage.clear();
  });
}
