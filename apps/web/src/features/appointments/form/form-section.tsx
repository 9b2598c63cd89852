import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { FormErrors } from '../../../ui/form-errors.ts';
import type { AppointmentFormValues } from './form-values.ts';

export type UpdateValues = (
  change: (values: AppointmentFormValues) => AppointmentFormValues,
  /** The fields whose errors the change answers (they are cleared). */
  fields?: string | string[],
) => void;

/** What every section of the form gets. */
export type SectionProps = { values: AppointmentFormValues; update: UpdateValues; errors: FormErrors };

/** A titled block of the form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
