import { useEffect } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config';
import { useDownCount } from '../down-monitors-store';

/** The tab's title: "(2) Paydar" while two monitors are down, the plain product name otherwise. */
export function downTitle(productName: string, down: number): string {
  return down > 0 ? `(${down}) ${productName}` : productName;
}

/** Keeps the tab title counting the down monitors while mounted; the plain name comes back after. */
export function useDownTitle(): void {
  const { productName } = useRuntimeConfig();
  const down = useDownCount();
  useEffect(() => {
    document.title = downTitle(productName, down);
  }, [productName, down]);
  useEffect(
    () => () => {
      document.title = productName;
    },
    [productName],
  );
}
