import { lazy, Suspense } from 'react';
import { closePlansPopup, usePlansPopupOpened } from '@/lib/plans-popup';

// The plans dialog loads on first use; most visits never open it.
const PlansModal = lazy(() =>
  import('@/features/billing/components/plans-modal').then((module) => ({ default: module.PlansModal })),
);

/** The one Plans popup of the signed-in app, opened through lib/plans-popup. */
export function PlansPopupHost() {
  const opened = usePlansPopupOpened();
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PlansModal opened onClose={closePlansPopup} />
    </Suspense>
  );
}
