import { Alert, Button, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CHARGE_DEFAULT_TOMANS } from '@paydar/contracts/billing';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { PHONE_QUERY } from '@/lib/breakpoints';
import type { ChargeRequest } from '@/lib/charge-popup';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { useZarinpalPayment } from '../api/request-zarinpal-payment';
import { ChargeAmountField } from './charge-amount-field';
import { chargeAmountError } from './charge-messages';
import { ConsoleCreditAction, ConsoleCreditNotice } from './console-credit-action';
import { PlanTopUpNotice } from './plan-top-up-notice';
import { quickPicks } from './quick-picks';

type Method = 'zarinpal' | 'console';

const METHODS: { value: Method; label: string }[] = [
  { value: 'zarinpal', label: 'Zarinpal' },
  { value: 'console', label: 'Hosting console' },
];

/**
 * The Charge popup (spec §2, §5, §9): an amount (default 50,000 Tomans, or what /finance asked
 * for), paid through Zarinpal — the browser leaves for the gateway — or moved from the hosting
 * console account.
 */
export function ChargeModal({
  opened,
  request,
  onClose,
}: {
  opened: boolean;
  request: ChargeRequest;
  onClose: () => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const plans = useSubscriptionPlans(opened);
  const [method, setMethod] = useState<Method>('zarinpal');
  const [value, setValue] = useState<number | string>(request.amount ?? CHARGE_DEFAULT_TOMANS);
  // A pre-filled amount is judged at once; a typed one once the field is left or sent.
  const [touched, setTouched] = useState(request.amount !== undefined);
  const payment = useZarinpalPayment();
  const error = chargeAmountError(value);
  const amount = error ? null : Number(value);
  // A plan to buy after the payment goes through the gateway; console credit just fills the wallet.
  const plan = request.plan;

  const pay = () => {
    setTouched(true);
    if (amount === null) return;
    payment.mutate({ amount, plan });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          Charge
        </Text>
      }
      centered
      size="md"
      fullScreen={phone}
    >
      <Stack gap="md">
        <SegmentedControl
          aria-label="Payment method"
          fullWidth
          value={method}
          onChange={(next) => setMethod(next as Method)}
          data={METHODS}
        />
        {method === 'console' && <ConsoleCreditNotice />}
        {/* Only a gateway payment comes back to the result page, which then buys the plan. */}
        {method === 'zarinpal' && plan && <PlanTopUpNotice plan={plan} amount={amount} />}
        <ChargeAmountField
          value={value}
          onChange={(next) => {
            setValue(next);
            payment.reset();
          }}
          onBlur={() => setTouched(true)}
          error={touched ? error : null}
          picks={quickPicks(plans.data)}
          disabled={payment.isPending || payment.isSuccess}
        />
        {method === 'zarinpal' ? (
          <Stack gap="sm">
            {payment.isError && (
              <Alert color="red" variant="light" p="sm" role="alert">
                {errorMessage(payment.error)}
              </Alert>
            )}
            <Button
              fullWidth
              onClick={pay}
              // Stays busy after success: the browser is on its way to the gateway.
              loading={payment.isPending || payment.isSuccess}
            >
              Charge
            </Button>
          </Stack>
        ) : (
          <ConsoleCreditAction amount={amount} onTouch={() => setTouched(true)} onDone={onClose} />
        )}
      </Stack>
    </Modal>
  );
}
