import { Fragment } from 'react';
import { useLocale } from '../locale';

/**
 * "Affected: Website, API": each public name in a <bdi> of its own, so an English name with
 * brackets on a Persian page (or a Persian one on an English page) keeps its order instead of
 * being reordered with the words around it.
 */
export function AffectedNames({ names }: { names: readonly string[] }) {
  const { texts } = useLocale();
  if (names.length === 0) return null;
  return (
    <span className="sp-affected">
      {texts.affectedLabel}{' '}
      {names.map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two monitors may share a public name.
        <Fragment key={index}>
          {index > 0 ? texts.listSeparator : null}
          <bdi>{name}</bdi>
        </Fragment>
      ))}
    </span>
  );
}
