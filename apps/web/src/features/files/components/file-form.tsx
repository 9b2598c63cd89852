import { Button, Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FILE_LIMITS } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { SubmitForm } from '../../../ui/form-card.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';

type FileFormPageProps = {
  title: string;
  /** Where the toolbar's back link and the cancel button lead. */
  back: string;
  /** A note between the title and the form (that the version waits for approval). */
  notice?: ReactNode;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  saving: boolean;
  /** A reason the form cannot be saved yet (uploads still running), shown beside the buttons. */
  waiting?: string | null;
  children: ReactNode;
};

/**
 * The frame of the files' forms (new files, a file's edit, a new version, a folder's form): title,
 * back link, fields, cancel and save.
 */
export function FileFormPage({
  title,
  back,
  notice,
  onSubmit,
  submitLabel,
  saving,
  waiting,
  children,
}: FileFormPageProps) {
  const { t } = useTranslation('files');
  const navigate = useNavigate();
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar title={title} backTo={back} />
        {notice}
        <SubmitForm
          noValidate
          gap="md"
          onSubmit={() => void onSubmit()}
          submitLabel={submitLabel}
          loading={saving}
          waiting={waiting}
          actions={
            <Button variant="default" onClick={() => void navigate(back)}>
              {t('form.cancel')}
            </Button>
          }
        >
          {children}
        </SubmitForm>
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
