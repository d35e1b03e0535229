import type { AlertChannels } from '@paydar/contracts/accounts';

/** One channel of the profile: its value and whether it is verified. */
export type AlertChannelEntry = AlertChannels[keyof AlertChannels][number];
