import type { VisitorPage } from '../api/page-schema';
import { NARROW_DAYS } from '../day-bars-data';
import { formatCount } from '../format/numbers';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { useLocale } from '../locale';
import { MonitorRow } from './monitor-row';

/** The page's sections and their monitors; on a narrow screen the bars show the last 30 days, and say so. */
export function SectionList({ page }: { page: VisitorPage }) {
  const { texts, language } = useLocale();
  const narrow = useNarrowScreen();
  return (
    <div className="sp-sections">
      {narrow ? <p className="sp-narrow-note">{texts.lastDaysShown(formatCount(NARROW_DAYS, language))}</p> : null}
      {page.sections.map((section, index) => (
        // Sections have no id of their own; their order is the owner's.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <section className="sp-section" key={index}>
          {section.title ? <h2 className="sp-section-title sp-owner">{section.title}</h2> : null}
          <ul className="sp-monitors">
            {section.monitors.map((monitor, m) => (
              <MonitorRow
                // biome-ignore lint/suspicious/noArrayIndexKey: public names may repeat; order is the owner's.
                key={m}
                monitor={monitor}
                narrow={narrow}
                showResponseTimes={page.show_response_times}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
