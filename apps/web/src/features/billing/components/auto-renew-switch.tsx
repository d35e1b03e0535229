import { Alert, Stack, Switch } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import { useSetAutoRenew } from '../api/set-auto-renew';

type AutoRenewSwitchProps = {
  /** Whether the running plan renews now, as the server last said. */
  autoRenew: boolean;
  /** The demo account sees the switch but cannot use it (spec §6), as with its alert sections. */
  demo: boolean;
};

/** 'Renew automatically': turns the running plan's renewal from the wallet on or off. */
export function AutoRenewSwitch({ autoRenew, demo }: AutoRenewSwitchProps) {
  const setAutoRenew = useSetAutoRenew();
  // While the call runs the switch shows where the user put it; a failure puts it back.
  const checked = setAutoRenew.isPending ? setAutoRenew.variables : autoRenew;
  return (
    <Stack gap="xs">
      <Switch
        label="Renew automatically"
        description={demo ? 'The demo account cannot change this.' : undefined}
        checked={checked}
        disabled={demo || setAutoRenew.isPending}
        onChange={(event) => setAutoRenew.mutate(event.currentTarget.checked)}
      />
      {setAutoRenew.isError && (
        <Alert color="red" variant="light" p="sm" role="alert">
          {errorMessage(setAutoRenew.error)}
        </Alert>
      )}
    </Stack>
  );
}
