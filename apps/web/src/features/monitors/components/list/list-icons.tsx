import { Icon, type IconProps } from '@/components/icons';

/** The monitor list's line icons, drawn inline like those of components/icons.tsx. */
export const SearchIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-5-5" />
  </Icon>
);

export const DotsIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Icon>
);

export const EditIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4M13.5 6.5l4 4" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  </Icon>
);

export const FilterIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="M4 4h16v2.2a2 2 0 0 1-.6 1.4L15 12v7l-6 2v-8.5L4.5 7.5A2 2 0 0 1 4 6.2z" />
  </Icon>
);
