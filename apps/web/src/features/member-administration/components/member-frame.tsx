import { Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldLock, IconUserCog, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { MemberAdminDetail } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { memberQuery } from '../api.ts';
import { MemberBadges } from './member-badges.tsx';

const NS = 'member-administration';

/** The member administration's sub-pages, as links (each is a page of its own). */
function MemberTabs({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const { pathname } = useLocation();
  const base = `/administration/members/${id}`;
  const tabs = [
    { path: `${base}/edit`, label: t('edit.tab_edit'), icon: IconUserCog },
    { path: `${base}/group-memberships`, label: t('edit.tab_groups'), icon: IconUsersGroup },
    { path: `${base}/authentication/factors`, label: t('edit.tab_factors'), icon: IconShieldLock },
  ];
  return (
    <Group component="nav" aria-label={t('edit.tabs_label')} gap="xs" wrap="wrap">
      {tabs.map(({ path, label, icon: Icon }) => {
        const active = pathname === path;
        return (
          <Button
            key={path}
            component={Link}
            to={path}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            aria-current={active ? 'page' : undefined}
            leftSection={<Icon size={16} aria-hidden />}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}

/** The frame of a member's administration pages: name, badges, sub-pages; the page itself once the member loaded. */
export function MemberFrame({ children }: { children: (member: MemberAdminDetail) => ReactNode }) {
  const { t } = useTranslation(NS);
  const { memberId = '' } = useParams();
  const member = useQuery(memberQuery(memberId));
  usePageTitle(member.data ? t('edit.title', { name: member.data.name }) : t('title'));
  if (member.isError && member.error instanceof ApiError && member.error.status === 404) {
    return (
      <PageContainer>
        <NotFoundState kind="member" titleOrder={1} />
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={member.data?.name ?? t('title')} backTo="/administration/members" />
        {member.isPending && <LoadingRow />}
        {member.isError && <ErrorRow error={member.error} onRetry={() => void member.refetch()} />}
        {member.data && (
          <>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {member.data.email}
              </Text>
              <MemberBadges member={member.data} />
            </Group>
            <MemberTabs id={member.data.id} />
            {children(member.data)}
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
