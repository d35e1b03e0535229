import { Box, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A disabled write control of a read-only account, with the reason as its tooltip and title. A
 * disabled button receives no pointer events, so the tooltip sits on a wrapper. Without a reason
 * the control is rendered as it is.
 */
export function ReadOnlyTip({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (reason === null) return children;
  return (
    <Tooltip label={reason} withArrow multiline maw={260}>
      <Box component="span" title={reason} data-read-only style={{ display: 'inline-flex', flex: 'none' }}>
        {children}
      </Box>
    </Tooltip>
  );
}
