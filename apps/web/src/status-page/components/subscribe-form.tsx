import { type FormEvent, useState } from 'react';
import { StatusApiError } from '../api/http';
import { subscribe } from '../api/subscribe';
import { useLocale } from '../locale';
import type { PageAddress } from '../location';

/** Email subscription to the page's incidents and maintenance; shows the server's answer (its `detail`). */
export function SubscribeForm({ base, token, address }: { base: string; token: string | null; address: PageAddress }) {
  const { texts } = useLocale();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await subscribe({ base, token }, address, email.trim()) });
      setEmail('');
    } catch (failure) {
      const error = failure instanceof StatusApiError ? failure : new StatusApiError(0);
      const text =
        error.status === 429
          ? texts.tooManyAttempts
          : error.status === 0 || error.status >= 500
            ? texts.networkError
            : error.detail || texts.tryAgain;
      setOutcome({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sp-card sp-subscribe" onSubmit={submit}>
      <h2 className="sp-block-title">{texts.subscribeTitle}</h2>
      <p className="sp-muted">{texts.subscribeHint}</p>
      <div className="sp-subscribe-row">
        <label className="sp-field">
          <span>{texts.email}</span>
          <input
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            maxLength={254}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
        </label>
        <button type="submit" className="sp-button" disabled={busy || !email}>
          {texts.subscribe}
        </button>
      </div>
      {outcome ? (
        <p className={outcome.ok ? 'sp-success' : 'sp-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
