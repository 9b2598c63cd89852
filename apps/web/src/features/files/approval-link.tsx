import { Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import type { FolderSummary } from '@agora/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { approvalPath } from './approval-context.ts';

/** The approval screen's link for a folder's tree, shown to those who review its files. */
export function ApprovalButton({ folder }: { folder: Pick<FolderSummary, 'can' | 'group'> }) {
  const { t } = useTranslation('files');
  if (!folder.can.review) return null;
  return (
    <Button
      component={Link}
      to={approvalPath(folder.group?.slug)}
      variant="default"
      leftSection={<IconChecklist size={16} aria-hidden />}
    >
      {t('approval.link')}
    </Button>
  );
}
