import type { StatusPageDay } from '@paydar/contracts/status-pages';
import { type KeyboardEvent, useId, useState } from 'react';
import { dayLevel, dayTooltipLines } from '../day-bars-data';
import { useLocale } from '../locale';

/**
 * One bar per day, coloured by uptime. The day's tooltip (date, uptime, downtime) shows on hover, on
 * keyboard focus (the row is one tab stop; arrows move between days, mirrored right-to-left) and
 * on a tap.
 */
export function DayBars({ days, name }: { days: readonly StatusPageDay[]; name: string }) {
  const { texts, language } = useLocale();
  const [active, setActive] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(days.length - 1);
  const rtl = language === 'fa';
  const tooltipId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key as 'ArrowRight' | 'ArrowLeft'];
    let next: number | null = null;
    if (step !== undefined) next = Math.min(days.length - 1, Math.max(0, (active ?? focusIndex) + step));
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = days.length - 1;
    if (event.key === 'Escape') setActive(null);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    setActive(next);
    (event.currentTarget.querySelectorAll<HTMLElement>('.sp-bar')[next] as HTMLElement | undefined)?.focus();
  };

  const shown = active === null ? null : days[active];
  const lines = shown ? dayTooltipLines(shown, texts, language) : [];
  const place = active === null ? 0 : (active + 0.5) / days.length;
  const edge = place < 0.2 ? 'start' : place > 0.8 ? 'end' : 'middle';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the row hands arrow keys to its bars.
    <div className="sp-bars-wrap" onMouseLeave={() => setActive(null)} onKeyDown={onKeyDown}>
      <div className="sp-bars" role="toolbar" aria-label={texts.barsLabel(name)}>
        {days.map((day, index) => (
          <button
            type="button"
            key={day.date}
            className={`sp-bar sp-level-${dayLevel(day)}${index === active ? ' sp-bar-active' : ''}`}
            data-date={day.date}
            tabIndex={index === focusIndex ? 0 : -1}
            aria-label={dayTooltipLines(day, texts, language).join(', ')}
            aria-describedby={index === active ? tooltipId : undefined}
            onMouseEnter={() => setActive(index)}
            onFocus={() => {
              setFocusIndex(index);
              setActive(index);
            }}
            onBlur={() => setActive(null)}
            // A tap on a phone: hover and focus may have come first, so it shows, never toggles off.
            onClick={() => setActive(index)}
          />
        ))}
      </div>
      {shown ? (
        <div
          className={`sp-tooltip sp-tooltip-${edge}`}
          role="tooltip"
          id={tooltipId}
          style={{ insetInlineStart: `${place * 100}%` }}
        >
          {lines.map((line, index) => (
            <span key={line} className={index === 0 ? 'sp-tooltip-date' : undefined}>
              {line}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
