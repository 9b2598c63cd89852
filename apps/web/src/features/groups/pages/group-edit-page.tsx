import { Alert, Button, Stack } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Group } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { groupQuery, useUpdateGroup } from '../api.ts';
import { GroupForm, type GroupFormValues } from '../form/group-form.tsx';

function formValues(group: Group): GroupFormValues {
  return {
    name: group.name,
    group_category_id: group.group_category_id,
    access: group.access,
    moderated_join: group.moderated_join,
    members_can_invite: group.members_can_invite,
    invites_restricted: group.invites_restricted,
    chat: group.chat,
    sensitive: group.sensitive,
    active_main_group: group.active_main_group,
    externally_visible: group.externally_visible,
    profile_image: group.profile_image,
    teaser: group.teaser,
    description: group.description,
  };
}

/** `/groups/{groupSlug}/edit`: the group's own fields, for whoever may update it (not while archived). */
export function GroupEditPage() {
  const { t } = useTranslation('groups');
  const { groupSlug = '' } = useParams();
  const group = useQuery(groupQuery(groupSlug));
  const update = useUpdateGroup(groupSlug);
  const administration = `/groups/${groupSlug}/administration`;
  usePageTitle(group.data ? t('edit.title', { name: group.data.name }) : undefined);

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={group.data ? t('edit.title', { name: group.data.name }) : t('edit.title_plain')}
          backTo={administration}
        />
        {group.isPending && <LoadingRow />}
        {group.isError && <ErrorRow error={group.error} kind="group" onRetry={() => void group.refetch()} />}
        {group.data && group.data.archived && (
          <Alert color="gray" icon={<IconArchive size={18} aria-hidden />} title={t('edit.archived_title')}>
            <Stack gap="xs" align="flex-start">
              {t('edit.archived_text')}
              <Button component={Link} to={administration} variant="default" size="xs">
                {t('administration.title')}
              </Button>
            </Stack>
          </Alert>
        )}
        {group.data && !group.data.archived && !group.data.can.update && (
          <Alert color="red" title={t('edit.forbidden')}>
            {t('edit.forbidden_text')}
          </Alert>
        )}
        {group.data?.can.update && (
          <GroupForm
            key={group.data.id}
            initial={formValues(group.data)}
            canCreateHidden={group.data.can.create_hidden}
            wasHidden={group.data.access === 'hidden'}
            submitLabel={t('edit.submit')}
            cancelTo={administration}
            onSave={async (fields) => {
              const saved = await update.mutateAsync({ group: fields });
              showToast(t('edit.saved', { name: saved.name }), { kind: 'success' });
            }}
          />
        )}
      </Stack>
    </PageContainer>
  );
}
