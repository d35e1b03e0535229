import { type FormEvent, useState } from 'react';
import { StatusApiError } from '../api/http';
import { unlockPage } from '../api/unlock-page';
import { useLocale } from '../locale';
import type { PageAddress } from '../location';

/** A protected page's password form: a right password hands its token up; a wrong one, or a 429, says so. */
export function PasswordForm({
  base,
  address,
  onUnlocked,
}: {
  base: string;
  address: PageAddress;
  onUnlocked: (token: string) => void;
}) {
  const { texts } = useLocale();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      onUnlocked(await unlockPage({ base }, address, password));
    } catch (failure) {
      const status = failure instanceof StatusApiError ? failure.status : 0;
      setError(
        status === 429
          ? texts.tooManyAttempts
          : status === 0 || status >= 500
            ? texts.networkError
            : texts.wrongPassword,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sp-card sp-lock" onSubmit={submit} noValidate>
      <h2>{texts.lockedTitle}</h2>
      <p className="sp-muted">{texts.lockedHint}</p>
      <div className="sp-lock-row">
        <label className="sp-field">
          <span>{texts.password}</span>
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            maxLength={128}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error !== null}
            required
          />
        </label>
        <button type="submit" className="sp-button" disabled={busy || !password}>
          {texts.unlock}
        </button>
      </div>
      {error ? (
        <p className="sp-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
