import { PasswordInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { STATUS_PAGE_PASSWORD_MAX_LENGTH, STATUS_PAGE_PASSWORD_MIN_LENGTH } from '@paydar/contracts/status-pages';
import type { StatusPageForm } from '../../hooks/use-status-page-form';
import type { PasswordChoice } from './editor-values';

/**
 * Who may read the page: everyone, or those with the password. A protected page's current password
 * is never shown (only its hash is kept): it is kept, replaced or removed.
 */
export function PasswordField({ form, isProtected }: { form: StatusPageForm; isProtected: boolean }) {
  const choices: { value: PasswordChoice; label: string }[] = isProtected
    ? [
        { value: 'keep', label: 'Keep password' },
        { value: 'set', label: 'New password' },
        { value: 'remove', label: 'Remove' },
      ]
    : [
        { value: 'remove', label: 'Public' },
        { value: 'set', label: 'Password' },
      ];
  const choice = form.values.password_choice;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="status-page-password">
        Password protection
      </Text>
      <SegmentedControl
        aria-labelledby="status-page-password"
        data={choices}
        value={choice}
        onChange={(value) => form.setFieldValue('password_choice', value as PasswordChoice)}
        style={{ alignSelf: 'flex-start' }}
      />
      <Text size="xs" c="dimmed">
        {choice === 'keep'
          ? 'Visitors need the current password.'
          : choice === 'remove'
            ? 'Anyone with the address can read the page.'
            : `Visitors need this password (at least ${STATUS_PAGE_PASSWORD_MIN_LENGTH} characters); changing it signs out everyone who unlocked the page.`}
      </Text>
      {choice === 'set' && (
        <PasswordInput
          label={isProtected ? 'New password' : 'Password'}
          required
          autoComplete="new-password"
          maxLength={STATUS_PAGE_PASSWORD_MAX_LENGTH}
          {...form.getInputProps('password')}
        />
      )}
    </Stack>
  );
}
