import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** The message above a form: an error (read out at once) or a success note. */
export function FormAlert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <Alert color={kind === 'error' ? 'red' : 'green'} role={kind === 'error' ? 'alert' : 'status'} variant="light">
      {children}
    </Alert>
  );
}
