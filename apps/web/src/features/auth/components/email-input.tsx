import { TextInput, type TextInputProps } from '@mantine/core';

/** The email field every auth form starts with. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}
