import { Anchor, Button, Code, FileInput, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_CHARACTER_ENCODINGS, type CsvCharacterEncoding, type ExternalInviteResult } from '@agora/contracts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useRefreshLists } from '../api.ts';
import { invitePrefix, type InviteContext } from '../context.ts';
import { isCsvFile, postCsvInvite } from '../post-csv.ts';
import { inviteFieldErrors, splitErrors } from './field-errors.ts';
import { InviteResult } from './invite-result.tsx';
import { MailFields, type MailFieldsState } from './mail-fields.tsx';

const FIELDS = ['csv', 'character_encoding', 'subject', 'body', 'user_type', 'group_ids'] as const;

/** The example offered for download: the header row and two people. */
export const CSV_EXAMPLE =
  'email;first_name;last_name\r\nerika.muster@example.org;Erika;Muster\r\njan.jansen@example.org;Jan;Jansen\r\n';
const EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_EXAMPLE)}`;

type CsvTabProps = { context: InviteContext; mail: MailFieldsState; groupsHint: string; onCancel: () => void };

/** Many people at once from a CSV file (spec, sections 3 and 5: only .csv, ISO-8859-1 or UTF-8). */
export function CsvTab({ context, mail, groupsHint, onCancel }: CsvTabProps) {
  const { t } = useTranslation('external-invites');
  const refresh = useRefreshLists();
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<CsvCharacterEncoding>('ISO-8859-1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [result, setResult] = useState<ExternalInviteResult | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const edit = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const choose = (chosen: File | null) => {
    setResult(null);
    if (chosen && !isCsvFile(chosen)) {
      setFile(null);
      setErrors((current) => ({ ...current, csv: t('errors.invalid_file_type') }));
      return;
    }
    setFile(chosen);
    edit('csv');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!file) local.csv = t('errors.csv_required');
    if (mail.subject.trim() === '') local.subject = t('errors.required');
    if (mail.body.trim() === '') local.body = t('errors.required');
    setErrors(local);
    setFailure([]);
    if (!file || Object.keys(local).length > 0) return;
    setProgress(0);
    try {
      const answer = await postCsvInvite(
        `${invitePrefix(context)}/external_invites`,
        { file, encoding, subject: mail.subject, body: mail.body, userType: mail.userType, groupIds: mail.groupIds },
        setProgress,
      );
      setResult(answer);
      if (answer.invited > 0) showToast(answer.message, { kind: 'success' });
      setFile(null);
      void refresh();
    } catch (error) {
      setResult(null);
      const { own, other } = splitErrors(inviteFieldErrors(error), FIELDS);
      setErrors(own);
      setFailure(
        Object.keys(own).length === 0 && other.length === 0 ? [errorMessage(error, 'external-invites')] : other,
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('tabs.csv')}>
      <Stack gap="sm">
        {failure.length > 0 && <FormAlert kind="error">{failure.join(' ')}</FormAlert>}
        {result && <InviteResult result={result} />}
        <Stack gap={4}>
          <Text size="sm">{t('csv.hint')}</Text>
          <Code block>{'email;first_name;last_name\nerika.muster@example.org;Erika;Muster'}</Code>
          <Anchor href={EXAMPLE_HREF} download={t('csv.example_file')} size="sm">
            <Group gap={4} component="span">
              <IconDownload size={16} aria-hidden />
              {t('csv.example')}
            </Group>
          </Anchor>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FileInput
            label={t('fields.csv')}
            placeholder={t('csv.placeholder')}
            required
            accept=".csv,text/csv"
            clearable
            value={file}
            onChange={choose}
            error={errors.csv}
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            // Mantine's placeholder grey is too pale to read.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          />
          <Select
            label={t('fields.character_encoding')}
            required
            allowDeselect={false}
            value={encoding}
            onChange={(value) => value && setEncoding(value as CsvCharacterEncoding)}
            data={CSV_CHARACTER_ENCODINGS.map((value) => ({ value, label: t(`csv.encodings.${value}`) }))}
            error={errors.character_encoding}
          />
        </SimpleGrid>
        <MailFields state={mail} errors={errors} onEdit={edit} groupsHint={groupsHint} />
        {progress !== null && (
          <Stack gap={4}>
            <Text size="sm" id="csv-progress-label">
              {t('csv.uploading', { percent: Math.round(progress) })}
            </Text>
            <Progress value={progress} animated aria-labelledby="csv-progress-label" />
          </Stack>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={progress !== null}>
            {t('csv.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
