import type { StatusPage } from '@paydar/contracts/status-pages';
import type { StatusPageRow } from './status-pages.repository';

/** A page as its owner reads it: never the password hash, only whether one is set. */
export function presentStatusPage(row: StatusPageRow): StatusPage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    logo_url: row.logoUrl,
    language: row.language,
    time_zone: row.timeZone,
    show_response_times: row.showResponseTimes,
    custom_domain: row.customDomain,
    protected: row.passwordHash !== null,
    sections: row.sections.map((section) => ({
      title: section.title,
      monitors: section.monitors.map((entry) => ({
        monitor: entry.monitorId,
        public_name: entry.publicName,
        show_target: entry.showTarget,
      })),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
