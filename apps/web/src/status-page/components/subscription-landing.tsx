import { useEffect, useState } from 'react';
import { type SubscriptionAnswer, sendSubscriptionToken } from '../api/subscription-token';
import { useLocale } from '../locale';

/** What the mail's link asks for: `?confirm=<token>` or `?unsubscribe=<token>`; null without one. */
export function subscriptionRequestOf(search: string): { action: 'confirm' | 'unsubscribe'; token: string } | null {
  const query = new URLSearchParams(search);
  for (const action of ['confirm', 'unsubscribe'] as const) {
    const token = query.get(action);
    if (token) return { action, token };
  }
  return null;
}

type Outcome = { state: 'working' } | { state: 'failed' } | { state: 'done'; answer: SubscriptionAnswer };

/** The landing page of a subscriber's mail link: sends the token once and says how it went. */
export function SubscriptionLanding({ base, search }: { base: string; search: string }) {
  const { texts } = useLocale();
  const request = subscriptionRequestOf(search);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const action = request?.action;
  const token = request?.token;

  useEffect(() => {
    if (!action || !token) return;
    let current = true;
    sendSubscriptionToken({ base }, action, token).then(
      (answer) => current && setOutcome({ state: 'done', answer }),
      () => current && setOutcome({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [base, action, token]);

  if (!request) return <p className="sp-card sp-error">{texts.subscriptionNoToken}</p>;
  if (outcome.state === 'working')
    return (
      <p className="sp-card" role="status">
        {texts.subscriptionWorking}
      </p>
    );
  if (outcome.state === 'failed')
    return (
      <p className="sp-card sp-error" role="alert">
        {texts.subscriptionFailed}
      </p>
    );
  const { answer } = outcome;
  const safeUrl = /^https?:\/\//i.test(answer.page_url) ? answer.page_url : null;
  return (
    <div className="sp-card" role="status">
      <p className="sp-success">
        {answer.state === 'confirmed'
          ? texts.subscriptionConfirmed(answer.page_title)
          : texts.subscriptionEnded(answer.page_title)}
      </p>
      {safeUrl ? <a href={safeUrl}>{texts.openPage}</a> : null}
    </div>
  );
}
