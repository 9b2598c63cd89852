import { Avatar, Badge, Group, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../api.ts';
import { usePageTitle } from '../../../app/shell/page-title.ts';

/** A group's start: what it is and where the member stands in it. */
export function GroupPage() {
  const { t } = useTranslation('groups');
  const { groupSlug = '' } = useParams();
  const group = useQuery(groupQuery(groupSlug));
  usePageTitle(group.data?.name);
  const theme = useMantineTheme();

  return (
    <PageContainer>
      {group.isPending && <LoadingRow />}
      {group.isError && <ErrorRow error={group.error} onRetry={() => void group.refetch()} />}
      {group.data && (
        <Paper withBorder radius="md" p="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar
              src={group.data.profile_image}
              name={group.data.name}
              size={64}
              color={theme.primaryColor}
              variant="filled"
              radius="md"
              alt=""
              aria-hidden
            />
            <Stack gap={6} miw={0}>
              <Title order={1} fz="h2">
                {group.data.name}
              </Title>
              <Group gap={6}>
                <Badge variant="light">{t(`access.${group.data.access}`)}</Badge>
                {group.data.archived && <Badge color="gray">{t('archived')}</Badge>}
                <Badge variant="outline" color="gray">
                  {t('member_status.' + group.data.membership_status_of_current_member)}
                </Badge>
              </Group>
              {group.data.teaser && <Text>{group.data.teaser}</Text>}
              <Text size="sm" c="dimmed">
                {t('member_count', { count: group.data.member_count })}
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
    </PageContainer>
  );
}
