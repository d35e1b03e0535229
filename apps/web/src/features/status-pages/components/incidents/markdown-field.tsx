import { Code, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';

type MarkdownFieldProps = {
  label: string;
  required?: boolean;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  minRows?: number;
};

/**
 * A Markdown text with Write / Preview. The preview is the text exactly as written, in a monospace
 * box: what visitors get is rendered by the server, whose sanitizer decides what markup stays.
 */
export function MarkdownField({ label, required, maxLength, value, onChange, error, minRows = 4 }: MarkdownFieldProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
        {required && (
          <Text span c="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={`${label}: write or preview`}
        value={mode}
        onChange={(next) => setMode(next as 'write' | 'preview')}
        data={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'write' ? (
        <Textarea
          aria-labelledby={labelId}
          description="Markdown: **bold**, _italic_, [links](https://…), lists."
          rows={minRows}
          resize="vertical"
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
      ) : (
        <>
          <Code
            block
            data-testid="markdown-preview"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minHeight: 80 }}
          >
            {value || 'Nothing written yet.'}
          </Code>
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
