import { lazy, Suspense, useEffect } from 'react';
import { closeChargePopup, useChargePopup } from '@/lib/charge-popup';

// The Charge popup loads on first use, like the Plans popup.
const ChargeModal = lazy(() =>
  import('@/features/billing/components/charge-modal').then((module) => ({ default: module.ChargeModal })),
);

/** The one Charge popup of the signed-in app, opened through lib/charge-popup. */
export function ChargePopupHost() {
  const { opened, request } = useChargePopup();
  // Leaving the signed-in frame (logout) closes it, so the next session does not start with it open.
  useEffect(() => closeChargePopup, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ChargeModal opened request={request} onClose={closeChargePopup} />
    </Suspense>
  );
}
