import { Icon, type IconProps } from '@/components/icons';

/** The detail panel's line icons, drawn inline like the shared ones in `components/icons.tsx`. */
export const TerminalIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m5 7 5 5-5 5M12 19h7" />
  </Icon>
);

export const CalendarIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="5" width="16" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M4 11h16" />
  </Icon>
);

export const InfoIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Icon>
);

export const ArrowLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Icon>
);
