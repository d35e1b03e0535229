import type { StatusPageBanner } from '@paydar/contracts/status-pages';
import { formatPageTimeWithZone } from '../format/dates';
import { useLocale } from '../locale';

/** The page's overall state in one sentence and colour, and when it was last known current. */
export function OverallBanner({ banner, checkedAt }: { banner: StatusPageBanner; checkedAt: number | null }) {
  const { texts, language, timeZone } = useLocale();
  return (
    <section className={`sp-banner sp-banner-${banner}`} aria-label={texts.currentStatus} data-banner={banner}>
      <div className="sp-banner-line">
        <span className="sp-banner-mark" aria-hidden="true" />
        <p className="sp-banner-text" role="status">
          {texts.banner[banner]}
        </p>
      </div>
      {checkedAt !== null ? (
        <p className="sp-updated">{texts.updatedAt(formatPageTimeWithZone(checkedAt, language, timeZone))}</p>
      ) : null}
    </section>
  );
}
