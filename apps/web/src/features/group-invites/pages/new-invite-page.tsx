import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { GROUP_INVITE_LIMITS, type MemberOption } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import type { DirectoryOption } from '../../../ui/directory-search.ts';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MemberSelect } from '../../../ui/member-select.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { groupQuery } from '../../groups/index.ts';
import { useInviteMembers } from '../api.ts';
import { InviteErrors } from '../components/invite-errors.tsx';
import { LimitedTextarea } from '../../../ui/limited-text.tsx';

/**
 * /groups/{slug}/membership_invites/new (administration spec, sections 2 and 5): invites members
 * picked by name and the members of groups picked to the group; at least one member or group.
 */
export function NewInvitePage() {
  const { t } = useTranslation('group-invites');
  const { groupSlug = '' } = useParams();
  const navigate = useNavigate();
  const group = useQuery(groupQuery(groupSlug));
  const inviting = useInviteMembers(groupSlug);
  const [members, setMembers] = useState<MemberOption[]>([]);
  const [groups, setGroups] = useState<DirectoryOption[]>([]);
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  usePageTitle(t('form.title', { name: group.data?.name ?? '' }));

  const groupIds = groups.filter((option) => option.type === 'group').map((option) => option.id);
  const nothingChosen = members.length === 0 && groupIds.length === 0;
  const back = `/groups/${encodeURIComponent(groupSlug)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nothingChosen) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      const result = await inviting.mutateAsync({
        membership_invites: {
          membership_ids: members.map((member) => member.id),
          group_ids: groupIds,
          additional_message: message,
        },
      });
      showToast(
        t('form.sent', { count: result.invited }) +
          (result.skipped > 0 ? ` ${t('form.skipped', { count: result.skipped })}` : ''),
        {
          kind: 'success',
        },
      );
      void navigate(`${back}/invites/sent`);
    } catch {
      // Shown above the form from the mutation's error.
    }
  };

  if (group.isPending)
    return (
      <PageContainer size="md">
        <LoadingRow />
      </PageContainer>
    );
  if (!group.data) {
    return (
      <PageContainer size="md">
        <ErrorRow error={group.error} kind="group" onRetry={() => void group.refetch()} />
      </PageContainer>
    );
  }
  const title = t('form.title', { name: group.data.name });
  if (!group.data.can.invite_internal) {
    return (
      <PageContainer size="md">
        <PageToolbar title={title} backTo={back} backLabel={t('form.back')} />
        <EmptyState icon={<IconLock size={28} />} title={t('form.forbidden.title')} text={t('form.forbidden.text')} />
      </PageContainer>
    );
  }

  return (
    <PageContainer size="md">
      <PageToolbar title={title} backTo={back} backLabel={t('form.back')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
          <Stack gap="sm">
            {inviting.isError && <InviteErrors error={inviting.error} />}
            <Text size="sm" c="dimmed">
              {t('form.intro')}
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
                label={t('form.groups')}
                description={t('form.groups_hint')}
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
              <Button variant="default" onClick={() => void navigate(back)}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={inviting.isPending}>
                {t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageContainer>
  );
}
