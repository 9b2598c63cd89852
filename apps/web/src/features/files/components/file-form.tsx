import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FILE_LIMITS } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';

type FileFormPageProps = {
  title: string;
  /** Where the toolbar's back link and the cancel button lead. */
  back: string;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  saving: boolean;
  /** A reason the form cannot be saved yet (uploads still running), shown beside the buttons. */
  waiting?: string | null;
  children: ReactNode;
};

/** The frame of the files' forms (new files, a file's edit): title, back link, fields, cancel and save. */
export function FileFormPage({ title, back, onSubmit, submitLabel, saving, waiting, children }: FileFormPageProps) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar title={title} backTo={back} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          <Stack gap="md">
            {children}
            <Group justify="flex-end" gap="sm" wrap="wrap">
              {waiting && (
                <Text size="sm" c="dimmed" id="file-form-waiting">
                  {waiting}
                </Text>
              )}
              <Button variant="default" onClick={() => void navigate(back)}>
                {t('form.cancel')}
              </Button>
              <Button
                type="submit"
                disabled={!!waiting}
                loading={saving}
                aria-describedby={waiting ? 'file-form-waiting' : undefined}
              >
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </PageContainer>
  );
}

/** A file's description, as the forms of the files module take it. */
export function DescriptionField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Textarea
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      maxLength={FILE_LIMITS.descriptionMaxLength}
      autosize
      minRows={3}
      error={props.error}
    />
  );
}
