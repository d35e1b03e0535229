import { Icon, type IconProps } from '@/components/icons';

/** The alert center's line icons, drawn inline like the shared ones in `components/icons.tsx`. */
export const WebhookIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.9 17.3A4 4 0 1 0 11 20h5.5M9 7.2a4 4 0 1 1 5.4 4.6L17 16.3M15.5 17a4 4 0 1 0 2-5.2" />
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
