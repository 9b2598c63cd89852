import { Button, Group, Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type FormEvent, type ReactNode } from 'react';
import { PageContainer } from '../app/shell/page-container.tsx';
import { usePageTitle } from '../app/shell/page-title.ts';
import { PageToolbar } from './page-toolbar.tsx';
import { ErrorRow, LoadingRow } from './rows.tsx';

/**
 * A page of settings: its heading (the document's title too; on the administration's pages with a
 * back link), an intro, then what `children` makes of the loaded data (a loading row until then,
 * an error row with a retry if it fails). Narrow for the member's own settings, wider for the
 * administration's.
 */
export function SettingsPage<T>({
  title,
  query,
  backTo,
  intro,
  size = 'sm',
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  backTo?: string;
  intro?: ReactNode;
  size?: 'sm' | 'md';
  children: (data: T) => ReactNode;
}) {
  usePageTitle(title);
  const heading = (
    <Title order={1} fz="h2">
      {title}
    </Title>
  );
  return (
    <PageContainer size={size}>
      <Stack gap="md">
        {backTo ? <PageToolbar title={heading} backTo={backTo} /> : heading}
        {intro && <Text c="dimmed">{intro}</Text>}
        {query.isPending && <LoadingRow />}
        {query.isError && <ErrorRow error={query.error} onRetry={() => void query.refetch()} />}
        {query.data !== undefined && children(query.data)}
      </Stack>
    </PageContainer>
  );
}

/** A bordered card of a form; with a title, a section named by it. */
export function FormCard({
  title,
  padding = 'lg',
  children,
}: {
  title?: string;
  padding?: MantineSpacing;
  children: ReactNode;
}) {
  const id = useId();
  if (title === undefined) {
    return (
      <Paper withBorder radius="md" p={padding}>
        {children}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p={padding} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A form: its fields (or cards), then its buttons at the end, the submit button last. `waiting`, a
 * reason it cannot be sent yet (uploads still running), stands before the buttons and holds the
 * submit button back.
 */
export function SubmitForm({
  onSubmit,
  submitLabel,
  loading,
  disabled,
  waiting,
  noValidate,
  gap = 'sm',
  actions,
  children,
}: {
  onSubmit: () => void;
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
  waiting?: string | null;
  /** The form checks its own required fields (its messages rather than the browser's). */
  noValidate?: boolean;
  gap?: MantineSpacing;
  /** Buttons before the submit button (cancel). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const waitingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate={noValidate}>
      <Stack gap={gap}>
        {children}
        <Group justify="flex-end" gap="sm">
          {waiting && (
            <Text size="sm" c="dimmed" id={waitingId}>
              {waiting}
            </Text>
          )}
          {actions}
          <Button
            type="submit"
            loading={loading}
            disabled={disabled || !!waiting}
            aria-describedby={waiting ? waitingId : undefined}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
