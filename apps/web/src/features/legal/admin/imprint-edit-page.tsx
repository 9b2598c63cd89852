import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_LIMITS, type Imprint } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { LimitedTextarea } from '../../../ui/limited-text.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { LazyRichTextEditor } from '../../../ui/lazy-rich-text-editor.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { fieldErrorMessages } from '../../../ui/use-error-message.ts';
import { adminImprintQuery, useSaveImprint } from './api.ts';

/** The web imprint, the mail imprint and the newsletter hint; savable only once something changed. */
function ImprintForm({ imprint, save }: { imprint: Imprint; save: ReturnType<typeof useSaveImprint> }) {
  const { t } = useTranslation('legal-admin');
  const [content, setContent] = useState(imprint.imprint_attributes.content);
  const [mail, setMail] = useState(imprint.mail_imprint);
  const [newsletter, setNewsletter] = useState(imprint.show_newsletter_info);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed =
    content !== imprint.imprint_attributes.content ||
    mail !== imprint.mail_imprint ||
    newsletter !== imprint.show_newsletter_info;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    save.mutate(
      { imprint: { imprint_attributes: { content }, mail_imprint: mail, show_newsletter_info: newsletter } },
      {
        onSuccess: () => {
          setErrors({});
          showToast('saving_successful');
        },
        onError: (error) => {
          setErrors(fieldErrorMessages(error, 'legal-admin') ?? {});
          showToast('saving_failure');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LazyRichTextEditor
          label={t('imprint.content')}
          description={t('imprint.content_hint')}
          value={content}
          minHeight={240}
          onChange={setContent}
          error={errors.content}
        />
        <LimitedTextarea
          label={t('imprint.mail_imprint')}
          description={t('imprint.mail_imprint_hint')}
          value={mail}
          maxLength={LEGAL_LIMITS.mailImprintMaxLength}
          autosize
          minRows={3}
          onChange={(event) => setMail(event.currentTarget.value)}
          error={errors.mail_imprint}
        />
        <Checkbox
          label={t('imprint.show_newsletter_info')}
          checked={newsletter}
          onChange={(event) => setNewsletter(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {t('imprint.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/administration/imprint/edit`. */
export function ImprintEditPage() {
  const { t } = useTranslation('legal-admin');
  usePageTitle(t('imprint.title'));
  const imprint = useQuery(adminImprintQuery);
  // Here, not in the form: the form starts afresh from what was saved, the save's answer still reaches it.
  const save = useSaveImprint();
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar title={t('imprint.title')} backTo="/administration" />
        <Text c="dimmed">{t('imprint.description')}</Text>
        {imprint.isPending && <LoadingRow />}
        {imprint.isError && <ErrorRow error={imprint.error} onRetry={() => void imprint.refetch()} />}
        {/* Started afresh from what was saved, so that the saved state is the one compared with. */}
        {imprint.data && <ImprintForm key={JSON.stringify(imprint.data)} imprint={imprint.data} save={save} />}
      </Stack>
    </PageContainer>
  );
}
