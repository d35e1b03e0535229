import { Button } from '@mantine/core';
import { endSession } from '@/lib/auth';

/**
 * Clears the flag and the session, then reloads (spec §2). It does not call logout: the key may be
 * the user's own session key, and logging it out would sign the real user out too.
 */
export function ExitImpersonationButton() {
  const exit = () => {
    endSession();
    window.location.assign('/login');
  };
  return (
    <Button color="red" size="xs" variant="filled" onClick={exit} style={{ flexShrink: 0 }}>
      Exit Impersonation
    </Button>
  );
}
