import type { VisitorPage } from '../api/page-schema';
import type { PageAddress } from '../location';
import { ActiveIncidents } from './active-incidents';
import { IncidentHistory } from './incident-history';
import { MaintenanceNotes } from './maintenance-notes';
import { OverallBanner } from './overall-banner';
import { SectionList } from './section-list';
import { SubscribeForm } from './subscribe-form';

/** The page itself: banner, what is going on, the monitors' days, the history, the subscribe form. */
export function PageView({
  page,
  checkedAt,
  base,
  token,
  address,
  basePath,
}: {
  page: VisitorPage;
  checkedAt: number | null;
  base: string;
  token: string | null;
  address: PageAddress;
  basePath: string;
}) {
  return (
    <>
      <OverallBanner banner={page.banner} checkedAt={checkedAt} />
      <MaintenanceNotes windows={page.maintenance_now ?? []} kind="now" />
      <ActiveIncidents incidents={page.active_incidents ?? []} basePath={basePath} />
      <MaintenanceNotes windows={page.maintenance_scheduled ?? []} kind="scheduled" />
      <SectionList page={page} />
      {page.incident_history ? <IncidentHistory history={page.incident_history} basePath={basePath} /> : null}
      <SubscribeForm base={base} token={token} address={address} />
    </>
  );
}
