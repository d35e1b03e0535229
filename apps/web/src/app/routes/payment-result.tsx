import { useLocation, useSearchParams } from 'react-router';
import { PaymentResultCard } from '@/features/billing/components/payment-result';
import { usePaymentResult } from '@/features/billing/hooks/use-payment-result';

/**
 * /zarinpal_transaction_result, where the gateway's callback sends the browser, and /buy_plan_res:
 * the same screen (spec §2), open to everyone; it finishes a plan purchase the payment was for (§4).
 */
export default function PaymentResultRoute() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { result, plan } = usePaymentResult(pathname, search);
  return <PaymentResultCard result={result} plan={plan} />;
}
