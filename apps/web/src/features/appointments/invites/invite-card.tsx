import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentInvite, InviteListStatus } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { i18n } from '../../../i18n/index.ts';
import { showToast } from '../../../ui/toast.tsx';
import { InviteAnswerButtons } from '../../../ui/invite-answer-buttons.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { invitesQuery, useAnswerInvite } from '../participation-api.ts';
import { InvitableSummary } from './invitable-summary.tsx';
import { KNOWN_INVITABLE_TYPES } from './invite-tabs.ts';
import { MissingComponent } from './missing-component.tsx';

type Answer = 'accept' | 'reject';

/** The sentence for a failed answer: the inbox's own wording of the participation keys first. */
function answerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && i18n.exists(`appointments:invites.errors.${error.key}`)) {
    return i18n.t(`appointments:invites.errors.${error.key}`);
  }
  return errorMessage(error, 'appointments');
}

/** An invite, or "Missing component" for a kind of invite this app does not know. */
export function InviteItem({ invite, list }: { invite: AppointmentInvite; list: InviteListStatus }) {
  if (invite.type !== 'appointment_invite' || !KNOWN_INVITABLE_TYPES.includes(invite.invitable_type)) {
    return <MissingComponent type={`${invite.type}/${invite.invitable_type}`} />;
  }
  return <InviteCard invite={invite} list={list} />;
}

function InviteCard({ invite, list }: { invite: AppointmentInvite; list: InviteListStatus }) {
  const { t } = useTranslation('appointments');
  const headingId = useId();
  const queryClient = useQueryClient();
  const answerInvite = useAnswerInvite();

  const answer = async (answer: Answer) => {
    try {
      // mutateAsync, not mutate's callbacks: the refetch may already have removed this card.
      await answerInvite.mutateAsync({ inviteId: invite.id, answer });
    } catch (error) {
      showToast(answerErrorMessage(error), { kind: 'error' });
      // The invite may have changed meanwhile (answered elsewhere, expired): show it as it is.
      void queryClient.invalidateQueries({ queryKey: ['invites'] });
      return;
    }
    // An answered invite is neither open nor expired any more; the refetch says the same.
    queryClient.setQueryData(invitesQuery(list).queryKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.filter((i) => i.id !== invite.id) })),
          }
        : data,
    );
    showToast(answer === 'accept' ? 'appointments:invites.accepted' : 'appointments:invites.declined', {
      kind: 'success',
      values: { name: invite.invitable.name },
    });
  };

  const pending = answerInvite.isPending ? answerInvite.variables.answer : null;
  const canAnswer = invite.can.accept || invite.can.reject;
  // Fully booked (calendars spec, section 4): accepting is off, with the reason in view.
  const full = invite.total_attendees_enforced_and_exceeded && invite.can.reject && !invite.can.accept;
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-labelledby={headingId} data-testid="invite-card">
      <Stack gap="xs">
        <InvitableSummary
          invitable={invite.invitable}
          headingId={headingId}
          badges={
            invite.inviteStatus !== 'open' && (
              <Badge variant="default" size="sm">
                {t(`invites.invite_status.${invite.inviteStatus}`)}
              </Badge>
            )
          }
        />
        {invite.author && (
          <Text size="xs" c="dimmed">
            <Trans
              t={t}
              i18nKey="invites.invited_by"
              values={{ name: invite.author.name }}
              components={{ author: <Anchor component={Link} to={invite.author.path} size="xs" underline="always" /> }}
            />
          </Text>
        )}
        {canAnswer && (
          <InviteAnswerButtons
            can={invite.can}
            pending={pending}
            onAnswer={(choice) => void answer(choice)}
            acceptUnavailable={full ? t('invites.errors.total_attendees_exceeded') : null}
            labels={{
              accept: t('invites.accept'),
              reject: t('invites.decline'),
              acceptNamed: t('invites.accept_named', { name: invite.invitable.name }),
              rejectNamed: t('invites.decline_named', { name: invite.invitable.name }),
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
