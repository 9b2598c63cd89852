import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_INVITE_LIMITS, type ExternalInviteResult } from '@agora/contracts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useInviteByEmail } from '../api.ts';
import type { InviteContext } from '../context.ts';
import { inviteFieldErrors, splitErrors } from './field-errors.ts';
import { InviteResult } from './invite-result.tsx';
import { MailFields, type MailFieldsState } from './mail-fields.tsx';

const FIELDS = ['email', 'first_name', 'last_name', 'subject', 'body', 'user_type', 'group_ids'] as const;

/** A plausible address; the server decides. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type EmailTabProps = { context: InviteContext; mail: MailFieldsState; groupsHint: string; onCancel: () => void };

/** One person by address and name (spec, section 3: External invite). */
export function EmailTab({ context, mail, groupsHint, onCancel }: EmailTabProps) {
  const { t } = useTranslation('external-invites');
  const inviting = useInviteByEmail(context);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [result, setResult] = useState<ExternalInviteResult | null>(null);
  const edit = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (email.trim() === '') local.email = t('errors.required');
    else if (!EMAIL.test(email.trim())) local.email = t('errors.invalid');
    if (mail.subject.trim() === '') local.subject = t('errors.required');
    if (mail.body.trim() === '') local.body = t('errors.required');
    setErrors(local);
    setFailure([]);
    if (Object.keys(local).length > 0) return;
    try {
      const answer = await inviting.mutateAsync({
        external_invite: {
          email: email.trim(),
          first_name: firstName.trim(),
          last_name: lastName.trim(),
          subject: mail.subject,
          body: mail.body,
          user_type: mail.userType,
          group_ids: mail.groupIds,
          channel_ids: [],
        },
      });
      setResult(answer);
      if (answer.invited > 0) {
        showToast(answer.message, { kind: 'success' });
        setEmail('');
        setFirstName('');
        setLastName('');
      }
    } catch (error) {
      setResult(null);
      const { own, other } = splitErrors(inviteFieldErrors(error), FIELDS);
      setErrors(own);
      const rest =
        Object.keys(own).length === 0 && other.length === 0 ? [errorMessage(error, 'external-invites')] : other;
      setFailure(rest);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('tabs.email')}>
      <Stack gap="sm">
        {failure.length > 0 && <FormAlert kind="error">{failure.join(' ')}</FormAlert>}
        {result && <InviteResult result={result} />}
        <LimitedTextInput
          label={t('fields.email')}
          type="email"
          required
          autoComplete="off"
          value={email}
          maxLength={EXTERNAL_INVITE_LIMITS.email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            edit('email');
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LimitedTextInput
            label={t('fields.first_name')}
            value={firstName}
            maxLength={EXTERNAL_INVITE_LIMITS.name}
            error={errors.first_name}
            onChange={(event) => setFirstName(event.currentTarget.value)}
          />
          <LimitedTextInput
            label={t('fields.last_name')}
            value={lastName}
            maxLength={EXTERNAL_INVITE_LIMITS.name}
            error={errors.last_name}
            onChange={(event) => setLastName(event.currentTarget.value)}
          />
        </SimpleGrid>
        <MailFields state={mail} errors={errors} onEdit={edit} groupsHint={groupsHint} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={inviting.isPending}>
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
