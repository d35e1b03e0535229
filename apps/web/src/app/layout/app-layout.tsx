import { LiveDashboard } from '@/features/live/components/live-dashboard';
import { useSession } from '@/lib/session-store';
import { AlertCenterDrawerHost } from './alert-center-drawer-host';
import { ChargePopupHost } from './charge-popup-host';
import { HEADER_ROW_HEIGHT, Header, IMPERSONATION_ROW_HEIGHT } from './header';
import { PageFrame } from './page-frame';
import { PlansPopupHost } from './plans-popup-host';

/** The signed-in frame: header on top, the screen below; the header stays while a screen loads. */
export function AppLayout() {
  const { impersonating } = useSession();
  const height = impersonating
    ? { base: HEADER_ROW_HEIGHT + IMPERSONATION_ROW_HEIGHT, sm: HEADER_ROW_HEIGHT }
    : HEADER_ROW_HEIGHT;
  return (
    <PageFrame header={<Header />} headerHeight={height}>
      <LiveDashboard />
      <PlansPopupHost />
      <ChargePopupHost />
      <AlertCenterDrawerHost />
    </PageFrame>
  );
}
