import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { groupQuery } from '../../groups/index.ts';
import { RolesEditor } from '../components/roles-editor.tsx';

/** `/administration/membership_roles`: the network's own roles. */
export function MembershipRolesPage() {
  const { t } = useTranslation('membership-roles');
  usePageTitle(t('title'));
  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {t('title')}
            </Title>
          }
          backTo="/administration"
        />
        <Text c="dimmed">{t('intro')}</Text>
        <RolesEditor scope={{ groupSlug: null }} />
      </Stack>
    </PageContainer>
  );
}

/** `/groups/{groupSlug}/administration/membership_roles`: a group's roles, for its administrators. */
export function GroupMembershipRolesPage() {
  const { t } = useTranslation('membership-roles');
  const { groupSlug = '' } = useParams();
  const group = useQuery(groupQuery(groupSlug));
  const title = group.data ? t('title_of', { name: group.data.name }) : t('title');
  usePageTitle(title);
  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {title}
            </Title>
          }
          backTo={`/groups/${groupSlug}/administration`}
        />
        <Text c="dimmed">{t('group_intro')}</Text>
        <RolesEditor scope={{ groupSlug }} />
      </Stack>
    </PageContainer>
  );
}
