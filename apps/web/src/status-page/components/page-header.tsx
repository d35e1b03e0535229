import type { VisitorPage } from '../api/page-schema';

/**
 * Logo, title and description: all plain text (React escapes it), never the owner's markup. The
 * owner's texts (`.sp-owner`) are laid out in their own direction, aligned with the page: an
 * English name on a Persian page stays whole.
 */
export function PageHeader({ page }: { page: Pick<VisitorPage, 'title' | 'description' | 'logo_url'> }) {
  return (
    <header className="sp-header">
      {page.logo_url ? <img className="sp-logo" src={page.logo_url} alt="" referrerPolicy="no-referrer" /> : null}
      <h1 className="sp-title sp-owner">{page.title}</h1>
      {page.description ? <p className="sp-description sp-owner">{page.description}</p> : null}
    </header>
  );
}
