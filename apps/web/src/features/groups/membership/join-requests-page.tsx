import { Anchor, Avatar, Badge, Button, Group as Row, Pagination, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconUserCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { GROUP_MEMBERSHIP_LIMITS, type GroupJoinRequest } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { formatDate } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { groupQuery } from '../api.ts';
import { joinRequestsQuery, useDecideJoinRequest } from './api.ts';
import { RejectDialog } from './reject-dialog.tsx';

const LIMIT = GROUP_MEMBERSHIP_LIMITS.pageSize;
const NS = 'group-membership';

/**
 * `/groups/{groupSlug}/administration/join_requests`: the open requests to join, oldest first,
 * accepted or rejected with a message by the group's administrators.
 */
export function JoinRequestsPage() {
  const { t } = useTranslation(NS);
  const { groupSlug = '' } = useParams();
  const [page, setPage] = useState(1);
  const group = useQuery(groupQuery(groupSlug));
  const requests = useQuery(joinRequestsQuery(groupSlug, { limit: LIMIT, offset: (page - 1) * LIMIT }));
  const decide = useDecideJoinRequest(groupSlug);
  const [rejecting, setRejecting] = useState<GroupJoinRequest | null>(null);
  const title = group.data ? t('join_requests.title_of', { name: group.data.name }) : t('join_requests.title');
  usePageTitle(title);

  const accept = (request: GroupJoinRequest) =>
    decide.mutate(
      { id: request.id, accept: true },
      {
        onSuccess: () =>
          showToast(t('join_requests.accepted', { name: request.member.displayName }), { kind: 'success' }),
        onError: (error) => showToast(errorMessage(error, NS), { kind: 'error' }),
      },
    );

  const reject = (message: string) => {
    const request = rejecting!;
    decide.mutate(
      { id: request.id, accept: false, message },
      {
        onSuccess: () => {
          setRejecting(null);
          showToast(t('join_requests.rejected', { name: request.member.displayName }), { kind: 'success' });
        },
        onError: (error) => showToast(errorMessage(error, NS), { kind: 'error' }),
      },
    );
  };

  const pages = requests.data ? Math.ceil(requests.data.total / LIMIT) : 0;
  const archived = !!group.data?.archived;

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={title} backTo={`/groups/${groupSlug}/administration`} />
        {requests.isPending && <LoadingRow />}
        {requests.isError && <ErrorRow error={requests.error} kind="group" onRetry={() => void requests.refetch()} />}
        {requests.data && requests.data.total === 0 && (
          <EmptyState
            icon={<IconUserCheck size={32} />}
            title={t('join_requests.empty')}
            text={t('join_requests.empty_text')}
          />
        )}
        {requests.data && requests.data.join_requests.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {t('join_requests.count', { count: requests.data.total })}
            </Text>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
              {requests.data.join_requests.map((request) => (
                <Paper component="li" key={request.id} withBorder radius="md" p="md" data-testid="join-request">
                  <Row justify="space-between" gap="sm">
                    <Row gap="sm" wrap="nowrap" miw={0}>
                      <Avatar
                        src={request.member.images.small}
                        name={request.member.displayName}
                        radius="xl"
                        alt=""
                        aria-hidden
                      />
                      <Stack gap={0} miw={0}>
                        <Row gap={6}>
                          <Anchor component={Link} to={request.member.path} fw={600}>
                            {request.member.displayName}
                          </Anchor>
                          {request.member.is_external && (
                            <Badge size="xs" variant="dot" color="orange">
                              {t('guest')}
                            </Badge>
                          )}
                        </Row>
                        <Text size="sm" c="dimmed">
                          {t('join_requests.asked_on', { date: formatDate(request.created_at) })}
                        </Text>
                      </Stack>
                    </Row>
                    <Row gap="xs">
                      <Button
                        size="sm"
                        leftSection={<IconCheck size={16} aria-hidden />}
                        disabled={archived || decide.isPending}
                        loading={decide.isPending && decide.variables?.id === request.id && decide.variables.accept}
                        onClick={() => accept(request)}
                        aria-label={t('join_requests.accept_of', { name: request.member.displayName })}
                      >
                        {t('join_requests.accept')}
                      </Button>
                      <Button
                        size="sm"
                        variant="default"
                        leftSection={<IconX size={16} aria-hidden />}
                        disabled={archived || decide.isPending}
                        onClick={() => setRejecting(request)}
                        aria-label={t('join_requests.reject_of', { name: request.member.displayName })}
                      >
                        {t('join_requests.reject')}
                      </Button>
                    </Row>
                  </Row>
                </Paper>
              ))}
            </Stack>
          </>
        )}
        {pages > 1 && <Pagination total={pages} value={page} siblings={2} onChange={setPage} />}
      </Stack>
      <RejectDialog
        memberName={rejecting?.member.displayName ?? null}
        pending={decide.isPending}
        onReject={reject}
        onCancel={() => setRejecting(null)}
      />
    </PageContainer>
  );
}
