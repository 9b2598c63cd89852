import { Button, Group, Paper, Radio, Stack, Switch } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  CONTACT_AUDIENCES,
  PARTICIPATION_ERROR_KEYS,
  PARTICIPATION_LIMITS,
  type ContactAudience,
  type ContactContext,
} from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { showToast } from '../../../ui/toast.tsx';
import { useContactAttendees } from '../participation-api.ts';
import { LimitedTextInput, LimitedTextarea } from '../../../ui/limited-text.tsx';

type ContactFormProps = {
  appointmentId: string;
  /** Undefined while it loads: no counts yet, and attachments cannot be chosen. */
  context: ContactContext | undefined;
};

/** The network's attachment limit as the hint names it: whole megabytes. */
export function limitInMb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/**
 * Writes to the attendees (calendars spec, contact attendees): subject and text are required,
 * the audience is everyone or those who accepted, declined or have not answered, and the
 * appointment's files go along only when there are some and they fit the e-mail attachment limit.
 */
export function ContactForm({ appointmentId, context }: ContactFormProps) {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const contact = useContactAttendees(appointmentId);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<ContactAudience>('all');
  const [includeAttachments, setIncludeAttachments] = useState(false);
  const labels = useMemo(
    () => ({
      subject: t('contact.subject'),
      text: t('contact.text'),
      audience: t('contact.audience'),
      include_attachments: t('contact.include_attachments'),
    }),
    [t],
  );
  const { errors, setErrors, handle, clear } = useFormErrors({ labels, ns: 'appointments' });
  const backTo = `/appointments/${encodeURIComponent(appointmentId)}`;

  const noFiles = !context || context.attachments_size === 0;
  const tooLarge = !!context && context.attachments_size > context.attachment_limit;
  const limitMb = context ? limitInMb(context.attachment_limit) : 0;
  let attachmentsHint: string | undefined;
  if (tooLarge) attachmentsHint = t('contact.attachments_too_large', { mb: limitMb });
  else if (context && noFiles) attachmentsHint = t('contact.no_attachments');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!subject.trim()) missing.subject = t('common:errors.required');
    if (!text.trim()) missing.text = t('common:errors.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    contact.mutate(
      {
        contact: {
          subject: subject.trim(),
          text: text.trim(),
          audience,
          include_attachments: includeAttachments && !noFiles && !tooLarge,
        },
      },
      {
        onSuccess: () => {
          showToast('saving_successful');
          void navigate(backTo);
        },
        onError: (error) => {
          handle(error);
          // Files grown past the limit since the page loaded: say which limit, not just "invalid".
          const keys = error instanceof ApiError ? error.body?.errors?.include_attachments : undefined;
          if (keys?.includes(PARTICIPATION_ERROR_KEYS.attachmentsTooLarge)) {
            setErrors((current) => ({
              ...current,
              include_attachments: t('contact.attachments_too_large', { mb: limitMb }),
            }));
          }
        },
      },
    );
  };

  const audienceLabel = (value: ContactAudience) => {
    const label = t(`contact.audiences.${value}`);
    const count = context?.audience_counts[value];
    return count === undefined ? label : t('contact.audience_count', { label, n: count });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <LimitedTextInput
            label={t('contact.subject')}
            required
            maxLength={PARTICIPATION_LIMITS.contactSubjectMaxLength}
            value={subject}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              clear('subject');
            }}
            error={errors.subject}
          />
          <LimitedTextarea
            label={t('contact.text')}
            required
            autosize
            minRows={6}
            maxRows={20}
            maxLength={PARTICIPATION_LIMITS.contactTextMaxLength}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              clear('text');
            }}
            error={errors.text}
          />
          <Radio.Group
            label={t('contact.audience')}
            value={audience}
            onChange={(value) => {
              setAudience(value as ContactAudience);
              clear('audience');
            }}
            error={errors.audience}
          >
            <Stack gap="xs" mt={6}>
              {CONTACT_AUDIENCES.map((value) => (
                <Radio key={value} value={value} label={audienceLabel(value)} />
              ))}
            </Stack>
          </Radio.Group>
          <Switch
            label={t('contact.include_attachments')}
            description={attachmentsHint}
            checked={includeAttachments && !noFiles && !tooLarge}
            disabled={noFiles || tooLarge}
            onChange={(event) => {
              setIncludeAttachments(event.currentTarget.checked);
              clear('include_attachments');
            }}
            error={errors.include_attachments}
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={backTo} variant="default">
              {t('contact.cancel')}
            </Button>
            <Button type="submit" loading={contact.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              {t('contact.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
