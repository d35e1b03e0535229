import { Alert, Button, Stack } from '@mantine/core';
import { PersianText } from '@/components/persian';
import { useRuntimeConfig } from '@/config/runtime-config';
import { useProfile } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useAddCredit } from '../api/add-credit';
import { useCheckOrganization } from '../api/check-organization';
import { useAttemptKey } from '../hooks/use-attempt-key';
import { addCreditErrorText, chargeTexts, outcomeUnknown } from './charge-messages';

/**
 * What console credit is, under the method switch; and, when the account has no organization, that
 * it must be linked first (spec §6).
 */
export function ConsoleCreditNotice() {
  const organization = useCheckOrganization(true);
  return (
    <Stack gap="xs">
      <PersianText size="sm" c="dimmed">
        {chargeTexts.consoleHint}
      </PersianText>
      {organization.data?.has_organization === false && (
        <Alert color="orange" variant="light" p="sm">
          <PersianText size="sm">{chargeTexts.organizationRequired}</PersianText>
        </Alert>
      )}
    </Stack>
  );
}

/** What the console's own statement says about the transfer (the wallet's history names its source itself). */
const consoleDescription = (productName: string) => `Moved to the ${productName} wallet`;

/**
 * Credit moved from the hosting console account (spec §6: needs a linked organization; §8: the
 * Persian results). Each attempt carries an Idempotency-Key, reused when the user retries after no
 * answer, so a retry never credits twice.
 */
export function ConsoleCreditAction({
  amount,
  onTouch,
  onDone,
}: {
  /** Null while the amount field is not valid. */
  amount: number | null;
  /** Shows the amount field's message, if any. */
  onTouch: () => void;
  onDone: () => void;
}) {
  const { data: me } = useProfile();
  const { productName } = useRuntimeConfig();
  const organization = useCheckOrganization(true);
  const addCredit = useAddCredit();
  const attempt = useAttemptKey();
  const notLinked = organization.data?.has_organization === false;

  const submit = () => {
    onTouch();
    if (amount === null || !me) return;
    const request = { user_email: me.email, amount, description: consoleDescription(productName) };
    addCredit.mutate(
      { ...request, idempotencyKey: attempt.keyFor(JSON.stringify(request)) },
      {
        onSuccess: (answer) => {
          attempt.settle();
          // Spec §8: a message with the amount, in Persian.
          notify.success(<PersianText size="sm">{chargeTexts.creditAdded(answer.amount)}</PersianText>);
          onDone();
        },
        onError: (error) => {
          if (!outcomeUnknown(error)) attempt.settle();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {addCredit.isError && (
        <Alert color="red" variant="light" p="sm" role="alert">
          <PersianText size="sm">{addCreditErrorText(addCredit.error)}</PersianText>
        </Alert>
      )}
      <Button fullWidth onClick={submit} loading={addCredit.isPending} disabled={notLinked || organization.isPending}>
        Add credit
      </Button>
    </Stack>
  );
}
