import { useActiveSubscription } from '@/lib/subscription';

export type DetailPlan = { name: string; historyDays: number };

/**
 * The signed-in user's plan as the history rule needs it (spec §2, §4): its name for the warning and
 * METRIC_HISTORY_DAYS. Without an active subscription the server shows today only: 0 days.
 */
export function useMonitorDetailPlan(enabled: boolean): { data: DetailPlan | null | undefined } {
  const { data: active } = useActiveSubscription(enabled);
  if (!enabled || active === undefined) return { data: undefined };
  return {
    data: active
      ? {
          name: active.subscription_plan.name,
          historyDays: active.subscription_plan.specifications.METRIC_HISTORY_DAYS,
        }
      : null,
  };
}
