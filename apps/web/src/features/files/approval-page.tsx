import { Alert, Button, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../app/shell/page-container.tsx';
import { usePageTitle } from '../../app/shell/page-title.ts';
import { NotFoundState } from '../../ui/not-found-state.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageToolbar } from '../../ui/page-toolbar.tsx';
import { useErrorMessage } from '../../ui/use-error-message.ts';
import { ApprovalReviewTab } from './approval-review-tab.tsx';
import { ApprovalReviewers } from './approval-reviewers.tsx';
import { ApprovalVersionsTab } from './approval-versions-tab.tsx';
import { useContextRoot } from './approval-context.ts';
import { approvalQuery, reviewStatusQuery, type FolderContext } from './api.ts';
import { filesBase } from './lib/paths.ts';

type ApprovalTab = 'review' | 'versions';

/**
 * The approval screen of the network's or a group's files: the open review status and the
 * new versions waiting for approval. It starts on new versions when nothing is reviewed but
 * versions wait; otherwise on the review status.
 */
export function ApprovalPage() {
  const { groupSlug } = useParams();
  const { t } = useTranslation('files');
  usePageTitle(t('approval.title'));
  const tree = useContextRoot(groupSlug);
  const errorText = useErrorMessage('files');

  if (tree.isPending) return <PageLoader />;
  if (tree.error)
    return (
      <PageContainer>
        <Alert color="red">{errorText(tree.error)}</Alert>
      </PageContainer>
    );
  if (!tree.data) return <NotFoundState kind={groupSlug ? 'group' : 'page'} />;
  if (!tree.data.root.can.review) return <NotFoundState reason="forbidden" />;

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={t('approval.title')} backTo={filesBase(groupSlug)} backLabel={t('approval.back')} />
        <ApprovalTabs context={tree.data.context} rootId={tree.data.root.id} groupSlug={groupSlug} />
        {tree.data.root.can.update && <ApprovalReviewers context={tree.data.context} groupSlug={groupSlug} />}
      </Stack>
    </PageContainer>
  );
}

function ApprovalTabs({ context, rootId, groupSlug }: { context: FolderContext; rootId: string; groupSlug?: string }) {
  const { t } = useTranslation('files');
  const errorText = useErrorMessage('files');
  const reviewed = useQuery(reviewStatusQuery(context, 1));
  const approval = useQuery(approvalQuery(rootId));
  const [chosen, setChosen] = useState<ApprovalTab | null>(null);

  if (approval.isPending || reviewed.isPending) return <Text c="dimmed">{t('approval.loading')}</Text>;
  if (approval.error)
    return (
      <Alert color="red">
        <Stack gap="xs" align="flex-start">
          <Text>{errorText(approval.error)}</Text>
          <Button variant="default" size="xs" onClick={() => void approval.refetch()}>
            {t('approval.retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const pending = approval.data.files.filter((file) => file.pending_versions.length > 0);
  const nothingReviewed = !reviewed.data || reviewed.data.total === 0;
  const tab: ApprovalTab = chosen ?? (nothingReviewed && pending.length > 0 ? 'versions' : 'review');
  const pendingCount = pending.reduce((sum, file) => sum + file.pending_versions.length, 0);

  return (
    <Tabs value={tab} onChange={(value) => setChosen(value as ApprovalTab)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="review">{t('approval.tabs.review')}</Tabs.Tab>
        <Tabs.Tab value="versions">
          {pendingCount > 0 ? t('approval.tabs.versions_count', { count: pendingCount }) : t('approval.tabs.versions')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="review" pt="md">
        <ApprovalReviewTab context={context} groupSlug={groupSlug} />
      </Tabs.Panel>
      <Tabs.Panel value="versions" pt="md">
        <ApprovalVersionsTab files={approval.data.files} groupSlug={groupSlug} />
      </Tabs.Panel>
    </Tabs>
  );
}
