import { Button } from '@mantine/core';
import { useState } from 'react';
import { exitImpersonation } from '@/features/auth/api/exit-impersonation';

/** Ends the impersonation and reloads into the staff member's own session (or /login without one). */
export function ExitImpersonationButton() {
  const [leaving, setLeaving] = useState(false);
  const exit = async () => {
    setLeaving(true);
    window.location.assign(await exitImpersonation());
  };
  return (
    <Button color="red" size="xs" variant="filled" loading={leaving} onClick={exit} style={{ flexShrink: 0 }}>
      Exit Impersonation
    </Button>
  );
}
