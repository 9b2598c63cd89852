import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GROUP_INVITE_LIMITS,
  type MemberOption,
  type MembershipInvitesBody,
  type MembershipInvitesResult,
} from '@agora/contracts';
import type { DirectoryOption } from '../../../ui/directory-search.ts';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import { LimitedTextarea } from '../../../ui/limited-text.tsx';
import { MemberSelect } from '../../../ui/member-select.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { InviteErrors } from './invite-errors.tsx';

export type InternalInviteFormProps = {
  /** The form's accessible name. */
  title: string;
  /** What the groups picked mean where the form is (their members, or the groups invited to). */
  texts?: { intro?: string; groups?: string; groupsHint?: string };
  send: (body: MembershipInvitesBody) => Promise<MembershipInvitesResult>;
  pending: boolean;
  error: unknown;
  onSent: () => void;
  onCancel: () => void;
};

/**
 * Members picked by name, groups and an optional message (spec, section 5: at least one member
 * or group); the toast counts the invitations sent and the members left out.
 */
export function InternalInviteForm({ title, texts, send, pending, error, onSent, onCancel }: InternalInviteFormProps) {
  const { t } = useTranslation('group-invites');
  const [members, setMembers] = useState<MemberOption[]>([]);
  const [groups, setGroups] = useState<DirectoryOption[]>([]);
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);

  const groupIds = groups.filter((option) => option.type === 'group').map((option) => option.id);
  const nothingChosen = members.length === 0 && groupIds.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nothingChosen) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      const result = await send({
        membership_invites: {
          membership_ids: members.map((member) => member.id),
          group_ids: groupIds,
          additional_message: message,
        },
      });
      showToast(
        t('form.sent', { count: result.invited }) +
          (result.skipped > 0 ? ` ${t('form.skipped', { count: result.skipped })}` : ''),
        { kind: 'success' },
      );
      onSent();
    } catch {
      // Shown above the form from the mutation's error.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Stack gap="sm">
        {error !== null && error !== undefined && <InviteErrors error={error} />}
        <Text size="sm" c="dimmed">
          {texts?.intro ?? t('form.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MemberSelect
            multiple
            label={t('form.members')}
            description={t('form.members_hint')}
            value={members}
            onChange={(value) => {
              setMembers(value);
              setMissing(false);
            }}
            error={missing ? t('errors.member_or_group_required') : undefined}
          />
          <DirectorySelect
            label={texts?.groups ?? t('form.groups')}
            description={texts?.groupsHint ?? t('form.groups_hint')}
            value={groups}
            onChange={(value) => {
              setGroups(value);
              setMissing(false);
            }}
            includeMembershipRoles={false}
            error={missing ? t('errors.member_or_group_required') : undefined}
          />
        </SimpleGrid>
        <LimitedTextarea
          label={t('form.message')}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={GROUP_INVITE_LIMITS.additionalMessage}
          autosize
          minRows={3}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={pending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
