import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { newGroupQuery, useCreateGroup } from '../api.ts';
import { GroupForm } from '../form/group-form.tsx';

/** `/groups/new/{groupCategorySlug}`: a new group in a category; its creator becomes its admin. */
export function GroupNewPage() {
  const { t } = useTranslation('groups');
  const { groupCategorySlug = '' } = useParams();
  const form = useQuery(newGroupQuery(groupCategorySlug));
  const create = useCreateGroup();
  const navigate = useNavigate();
  const category = form.data?.group_category;
  const title = category ? t('new.title_in', { category: category.plural_name }) : t('new.title');
  usePageTitle(title);

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={title} backTo={`/group-categories/${groupCategorySlug}/administration`} />
        {form.isPending && <LoadingRow />}
        {form.isError && <ErrorRow error={form.error} onRetry={() => void form.refetch()} />}
        {form.data && (
          <GroupForm
            initial={form.data.group}
            canCreateHidden={form.data.can.create_hidden}
            submitLabel={t('new.submit')}
            cancelTo={`/group-categories/${groupCategorySlug}/administration`}
            onSave={async (group) => {
              const created = await create.mutateAsync({ group });
              showToast(t('new.created', { name: created.name }), { kind: 'success' });
              await navigate(`/groups/${created.slug}`);
            }}
          />
        )}
      </Stack>
    </PageContainer>
  );
}
