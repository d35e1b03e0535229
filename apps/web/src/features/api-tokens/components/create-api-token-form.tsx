import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_TOKEN_NAME_MAX_LENGTH, type ApiTokenScope, type CreatedApiToken } from '@paydar/contracts/api-tokens';
import { showFormFailure } from '@/lib/form-errors';
import { useCreateApiToken } from '../api/create-api-token';

const DAY_MS = 24 * 60 * 60 * 1000;

const scopeOptions: Array<{ value: ApiTokenScope; label: string }> = [
  { value: 'read', label: 'Read only (GET)' },
  { value: 'read_write', label: 'Read and write' },
];

const expiryOptions = [
  { value: 'never', label: 'No expiry' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

/** Names a new token, picks its scope and expiry; the created token goes to `onCreated`, to be shown once. */
export function CreateApiTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const form = useForm({
    initialValues: { name: '', scope: 'read' as ApiTokenScope, expiry: 'never' },
    validate: { name: (value) => (value.trim() ? null : 'Give the token a name.') },
  });
  const create = useCreateApiToken({
    onSuccess: (token) => {
      form.reset();
      onCreated(token);
    },
    onError: (error) => showFormFailure(error, form, { name: 'name', scope: 'scope', expires_at: 'expiry' }),
  });

  const submit = form.onSubmit((values) => {
    const days = Number(values.expiry);
    create.mutate({
      name: values.name,
      scope: values.scope,
      expires_at: values.expiry === 'never' ? null : new Date(Date.now() + days * DAY_MS).toISOString(),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Token name"
          placeholder="e.g. deploy script"
          maxLength={API_TOKEN_NAME_MAX_LENGTH}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select label="Scope" data={scopeOptions} allowDeselect={false} {...form.getInputProps('scope')} />
          <Select label="Expires" data={expiryOptions} allowDeselect={false} {...form.getInputProps('expiry')} />
        </SimpleGrid>
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          Create token
        </Button>
      </Stack>
    </form>
  );
}
