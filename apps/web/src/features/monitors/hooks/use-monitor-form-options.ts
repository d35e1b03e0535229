import type { AlertChannels } from '@paydar/contracts/accounts';
import type { Prober } from '@paydar/contracts/monitors';
import type { PlanSpecifications } from '@paydar/contracts/plans';
import { useProfile } from '@/lib/auth';
import { useActiveSubscription } from '@/lib/subscription';
import { useMonitors } from '../api/get-monitors';
import { useProbers } from '../api/get-probers';
import { ALERT_CHANNEL_TYPES, type AlertChannelType, alertChannelKey } from '../components/form/monitor-form-values';

/** Group titles of the alert channel list, one per kind of channel in the profile. */
export const ALERT_CHANNEL_GROUPS: Record<AlertChannelType, string> = {
  emails: 'Email',
  phones: 'Phone',
  telegram_usernames: 'Telegram',
  bale_usernames: 'Bale',
  webhooks: 'Webhook',
  slack_webhooks: 'Slack',
  discord_webhooks: 'Discord',
  mattermost_webhooks: 'Mattermost',
};

export type AlertChannelOptionGroup = { group: string; items: { value: string; label: string }[] };

/** The user's alert channels as select groups; a kind with no channel is left out. */
export function alertChannelOptions(channels: AlertChannels | undefined): AlertChannelOptionGroup[] {
  if (!channels) return [];
  return ALERT_CHANNEL_TYPES.flatMap((type) => {
    const items = channels[type].map((channel) => ({
      value: alertChannelKey(type, channel.value),
      label: channel.is_verified ? channel.value : `${channel.value} (not verified)`,
    }));
    return items.length ? [{ group: ALERT_CHANNEL_GROUPS[type], items }] : [];
  });
}

export type MonitorFormOptions = {
  /** False while the probers, which the defaults depend on, are still loading. */
  ready: boolean;
  probers: Prober[];
  channelGroups: AlertChannelOptionGroup[];
  /** The profile's channels: a new monitor preselects the verified emails. */
  channels?: AlertChannels;
  /** The login address, which the server alerts when a new monitor is given no channel and the profile has no verified email. */
  loginEmail: string | null;
  /** The user's existing labels, offered while typing. */
  labelSuggestions: string[];
  /** The active plan's limits; null while unknown, and then only the server checks them. */
  plan: PlanSpecifications | null;
  /** The active plan's name ("Free"), said beside the limits; null while unknown. */
  planName: string | null;
  /** The monitors the user has; null while unknown. */
  monitorCount: number | null;
};

/** Everything the form's option lists and plan checks read, loaded while the popup is open. */
export function useMonitorFormOptions(opened: boolean, mode: 'create' | 'edit'): MonitorFormOptions {
  const probers = useProbers(opened);
  const { data: me } = useProfile();
  const { data: subscription } = useActiveSubscription();
  const monitors = useMonitors(opened && mode === 'create' && me?.is_verified === true);
  return {
    ready: !probers.isPending,
    probers: probers.data ?? [],
    channelGroups: alertChannelOptions(me?.alert_channels),
    ...(me?.alert_channels ? { channels: me.alert_channels } : {}),
    loginEmail: me?.is_verified ? me.email : null,
    labelSuggestions: me?.labels ?? [],
    plan: subscription?.subscription_plan.specifications ?? null,
    planName: subscription?.subscription_plan.name ?? null,
    monitorCount: monitors.data?.length ?? null,
  };
}
