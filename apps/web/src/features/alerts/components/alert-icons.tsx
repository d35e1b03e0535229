import { Icon, type IconProps } from '@/components/icons';

/** The alert center's line icons, drawn inline like the shared ones in `components/icons.tsx`. */
export const WebhookIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.9 17.3A4 4 0 1 0 11 20h5.5M9 7.2a4 4 0 1 1 5.4 4.6L17 16.3M15.5 17a4 4 0 1 0 2-5.2" />
  </Icon>
);

/** A speech bubble with a hash: a chat service's channel (Slack, Mattermost). */
export const ChatHashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M10 8.5 9.3 13M14 8.5l-.7 4.5M8.3 9.8h7.4M8 11.8h7.4" />
  </Icon>
);

/** A game-pad-like bubble: Discord's channels. */
export const DiscordIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 6.5c3.3-1.3 6.7-1.3 10 0 1.7 2.6 2.6 5.6 2.5 9-1.3 1.2-2.8 2-4.4 2.5l-1-1.8M7 6.5c-1.7 2.6-2.6 5.6-2.5 9 1.3 1.2 2.8 2 4.4 2.5l1-1.8M8 15c2.7 1 5.3 1 8 0" />
    <circle cx="9.5" cy="12" r="1" />
    <circle cx="14.5" cy="12" r="1" />
  </Icon>
);

/** A round speech bubble: Bale's messenger. */
export const BaleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 4a8 8 0 1 1-4.2 14.8L4 20l1.2-3.8A8 8 0 0 1 12 4z" />
    <path d="M9 10.5h6M9 13.5h4" />
  </Icon>
);

export const CheckCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </Icon>
);

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const CopyIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </Icon>
);
