import { Alert, Checkbox, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ACTIVITY_LIMITS,
  ACTIVITY_TOAST_KEYS,
  TEXT_LIMITS,
  type DirectoryGroupOption,
  type MemberProfileGroup,
} from '@agora/contracts';
import { RichComposer, type RichComposerSubmit } from '../../../ui/composer/index.ts';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useFieldErrors } from '../../../ui/use-error-message.ts';
import { useSendCircularLetter } from '../api.ts';

type CircularLetterFormProps = {
  /** Network administrators write to any group or to all members. */
  networkAdmin: boolean;
  /** The groups a group administrator may write to (unused for network administrators). */
  adminGroups: MemberProfileGroup[];
  /** The group the editor was opened in (`/groups/{slug}/rundschreiben`), chosen to start with. */
  initialGroup: DirectoryGroupOption | null;
  draftKey: string;
};

/** The recipients (groups, or everyone), the subject and the composer of a circular letter. */
export function CircularLetterForm({ networkAdmin, adminGroups, initialGroup, draftKey }: CircularLetterFormProps) {
  const { t } = useTranslation('circular-letters');
  const navigate = useNavigate();
  const send = useSendCircularLetter();
  const fieldErrors = useFieldErrors('circular-letters');
  const [subject, setSubject] = useState('');
  const [groups, setGroups] = useState<DirectoryGroupOption[]>(initialGroup ? [initialGroup] : []);
  const [checked, setChecked] = useState<string[]>(initialGroup ? [initialGroup.id] : []);
  const [toAll, setToAll] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const groupIds = networkAdmin ? groups.map((group) => group.id) : checked;
  const noRecipients = !toAll && groupIds.length === 0;
  const blocker = subject.trim() === '' ? 'subject' : noRecipients ? 'recipients' : null;

  const submit = async (value: RichComposerSubmit) => {
    setErrors({});
    try {
      const activity = await send.mutateAsync({
        circular_letter: {
          subject: subject.trim(),
          content: value.content,
          group_ids: toAll ? [] : groupIds,
          to_all_network_members: toAll,
          files: value.files,
          images: value.images,
        },
      });
      showToast(`circular-letters:toasts.${ACTIVITY_TOAST_KEYS.circularLetterSent}`);
      void navigate(`/activities/${encodeURIComponent(activity.id)}`);
    } catch (error) {
      setErrors(fieldErrors(error));
      showToast('circular-letters:toasts.circular_letter_not_sent', { kind: 'error' });
      throw error;
    }
  };

  const recipientsError = errors['group_ids'] ?? errors['recipients'] ?? errors['to_all_network_members'];
  const composerError = errors['content'] ?? errors['files'] ?? errors['images'];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        {networkAdmin ? (
          <>
            <DirectorySelect
              label={t('form.groups')}
              placeholder={toAll ? undefined : t('form.groups_placeholder')}
              includeMembershipRoles={false}
              value={toAll ? [] : groups}
              onChange={(next) =>
                setGroups(
                  next
                    .filter((option): option is DirectoryGroupOption => option.type === 'group')
                    .slice(0, ACTIVITY_LIMITS.circularLetterGroupsMax),
                )
              }
              disabled={toAll}
              error={recipientsError}
            />
            <Switch
              label={t('form.to_all')}
              checked={toAll}
              onChange={(event) => setToAll(event.currentTarget.checked)}
            />
            {toAll && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
                {t('form.to_all_hint')}
              </Alert>
            )}
          </>
        ) : (
          <Checkbox.Group
            label={t('form.groups')}
            description={t('form.admin_groups_hint')}
            value={checked}
            onChange={setChecked}
            error={recipientsError}
          >
            <Stack gap={6} mt="xs">
              {adminGroups.map((group) => (
                <Checkbox key={group.id} value={group.id} label={group.name} description={group.category.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <TextInput
          label={t('form.subject')}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          maxLength={TEXT_LIMITS.line}
          required
          error={errors['subject']}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} component="div">
            {t('form.content')}
          </Text>
          <RichComposer
            placeholder={t('form.content_placeholder')}
            submitLabel={t('form.send')}
            draftKey={draftKey}
            startExpanded
            withTags={false}
            submitDisabled={blocker !== null}
            onSubmit={submit}
            onCancel={() => void navigate(-1)}
          >
            {blocker && (
              <Text size="sm" c="dimmed">
                {t(`form.blocked.${blocker}`)}
              </Text>
            )}
          </RichComposer>
          {composerError && (
            <Text size="sm" c="red" role="alert">
              {composerError}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
