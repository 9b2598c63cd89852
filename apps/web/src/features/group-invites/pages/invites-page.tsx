import { Anchor, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupInvite } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { openGroupInvitesQuery, useAnswerGroupInvite, useRefreshInvites } from '../api.ts';
import { shownInvites } from '../components/answered-invites.ts';
import { GroupInviteCard, type InviteAnswer } from '../components/group-invite-card.tsx';

/**
 * /invites (administration spec, section 2): the member's open group invitations, at most 50.
 * An answer changes the card at once (local state first), then the list is loaded again.
 */
export function GroupInvitesPage() {
  const { t } = useTranslation('group-invites');
  usePageTitle(t('inbox.title'));
  const query = useQuery(openGroupInvitesQuery);
  const answerInvite = useAnswerGroupInvite();
  const refresh = useRefreshInvites();
  const [answered, setAnswered] = useState<Map<string, GroupInvite>>(new Map());
  const [pending, setPending] = useState<{ id: string; answer: InviteAnswer } | null>(null);

  const answer = async (invite: GroupInvite, answer: InviteAnswer) => {
    setPending({ id: invite.id, answer });
    try {
      const saved = await answerInvite.mutateAsync({ id: invite.id, answer });
      setAnswered((previous) => new Map(previous).set(saved.id, saved));
      showToast(answer === 'accept' ? 'group-invites:inbox.accepted' : 'group-invites:inbox.declined', {
        kind: 'success',
        values: { name: invite.invitable.name },
      });
    } catch (error) {
      showToast(errorMessage(error, 'group-invites'), { kind: 'error' });
    } finally {
      setPending(null);
      void refresh();
    }
  };

  const sentLink = (
    <Anchor component={Link} to="/invites/sent" size="sm">
      {t('inbox.sent_link')}
    </Anchor>
  );

  let content;
  if (query.isPending) content = <LoadingRow />;
  else if (!query.data) content = <ErrorRow error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const invites = shownInvites(query.data.items, answered);
    content =
      invites.length === 0 ? (
        <EmptyState
          icon={<IconMailOpened size={28} />}
          title={t('inbox.empty.title')}
          text={t('inbox.empty.text')}
          action={
            <Anchor component={Link} to="/directory">
              {t('inbox.empty.action')}
            </Anchor>
          }
        />
      ) : (
        <Stack gap="sm">
          {invites.map((invite) => (
            <GroupInviteCard
              key={invite.id}
              invite={invite}
              pending={pending?.id === invite.id ? pending.answer : null}
              onAnswer={(choice) => void answer(invite, choice)}
            />
          ))}
        </Stack>
      );
  }

  return (
    <PageContainer size="md">
      <PageToolbar title={t('inbox.title')} actions={<Group>{sentLink}</Group>} />
      {content}
    </PageContainer>
  );
}
