import { useActiveSubscription } from '@/lib/subscription';

/** Whether the user's plan also rings phones (Kavenegar voice call) besides sending the SMS. */
export function useVoiceCallPlan(): boolean {
  const { data } = useActiveSubscription();
  return data?.subscription_plan.description.quality.VoiceCall === true;
}
