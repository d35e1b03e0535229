import { Box, Drawer, List, Stack, Table, Text } from '@mantine/core';
import { drawerStyles } from './drawer-styles';

type ApdexDrawerProps = {
  opened: boolean;
  onClose: () => void;
  /** The monitor's threshold T in seconds, to put real numbers in the explanation. */
  apdexSeconds?: number;
};

const seconds = (value: number) => `${Number(value.toFixed(3))} s`;

/** The apdex explanation drawer (spec §2 "Drawers", §9 "Apdex"). */
export function ApdexDrawer({ opened, onClose, apdexSeconds }: ApdexDrawerProps) {
  const t = apdexSeconds;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="What is apdex?" styles={drawerStyles}>
      <Stack gap="md" fz="sm">
        <Text size="sm">
          Apdex (Application Performance Index) turns response times into one score from 0% to 100%: how many of the
          checks were fast enough that a visitor would be satisfied.
        </Text>
        <Box>
          <Text size="sm" fw={600} mb={6}>
            Every check counts as one of three
          </Text>
          <Text size="sm" mb={6}>
            Each monitor has a threshold <b>T</b>, the expected time chosen in its settings
            {t !== undefined && (
              <>
                {' '}
                (<b>{seconds(t)}</b> for this monitor)
              </>
            )}
            .
          </Text>
          <Table withTableBorder fz="sm" verticalSpacing={6} aria-label="Apdex classes">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th c="teal.8">Satisfied</Table.Th>
                <Table.Td>answered in under T{t !== undefined && ` (under ${seconds(t)})`}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th c="yellow.8">Tolerating</Table.Th>
                <Table.Td>
                  answered between T and 4T{t !== undefined && ` (${seconds(t)} to ${seconds(4 * t)})`}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th c="red.8">Frustrated</Table.Th>
                <Table.Td>
                  slower than 4T{t !== undefined && ` (above ${seconds(4 * t)})`}, or the check failed
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Box>
        <Box>
          <Text size="sm" fw={600} mb={6}>
            How the percentage is computed
          </Text>
          <Text size="sm" ff="monospace" mb={6}>
            apdex = (satisfied + tolerating ÷ 2) ÷ all checks × 100
          </Text>
          <Text size="sm">
            A tolerating check counts as half a satisfied one; a frustrated or failed check counts as nothing. For
            example, 100 checks with 80 satisfied, 15 tolerating and 5 frustrated give (80 + 7.5) ÷ 100 = 87.5%.
          </Text>
        </Box>
        <Box>
          <Text size="sm" fw={600} mb={6}>
            Reading the colours
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Gold: 90% or above.</List.Item>
            <List.Item>Silver: 75% to under 90%.</List.Item>
            <List.Item>Bad: under 75%.</List.Item>
            <List.Item>Grey: no checks in that period, so no score.</List.Item>
          </List>
        </Box>
        <Text size="sm" c="dimmed">
          The hourly chart scores each 2-hour slot of the last day; the heat-map calendar scores whole days. Checks from
          every datacenter count alike.
        </Text>
      </Stack>
    </Drawer>
  );
}
