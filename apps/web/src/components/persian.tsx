import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A font stack that has Persian letters on every system we meet (Vazirmatn when installed). */
export const PERSIAN_FONT = 'Vazirmatn, Tahoma, "DejaVu Sans", "Noto Sans Arabic", sans-serif';

const persianDigits = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 });

/** 50000 → '۵۰٬۰۰۰': amounts inside Persian sentences are written with Persian digits. */
export function formatPersianNumber(value: number): string {
  return persianDigits.format(value);
}

/**
 * A Persian sentence (spec §1: credit and charge messages are Persian), laid out right-to-left in
 * a font with Persian letters, inside an otherwise English screen.
 */
export function PersianText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text dir="rtl" lang="fa" ff={PERSIAN_FONT} ta="right" lh={1.8} {...props}>
      {children}
    </Text>
  );
}
