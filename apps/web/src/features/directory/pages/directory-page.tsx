import { ScrollArea, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { networkQuery } from '../../home/index.ts';
import { CategoryGroups } from '../components/category-groups.tsx';
import { MemberList } from '../components/member-list.tsx';

const MEMBERS = 'members';

/**
 * The directory (administration spec, section 2): a members tab and one tab per group category
 * (channels come with their module). `category` is the tab's category id (or slug); none is the
 * members tab.
 */
export function DirectoryPage({ category }: { category?: string }) {
  const { t } = useTranslation('directory');
  const navigate = useNavigate();
  const categories = useQuery(networkQuery).data?.group_categories ?? [];
  const current = categories.find((c) => c.id === category || c.slug === category);
  usePageTitle(current ? current.plural_name : t('title'));
  const active = category === undefined ? MEMBERS : (current?.id ?? category);

  return (
    <PageContainer>
      <PageToolbar title={t('title')} />
      <Stack gap="md">
        <Tabs
          value={active}
          onChange={(value) => {
            if (value && value !== active) void navigate(value === MEMBERS ? '/members' : `/directory/${value}`);
          }}
          keepMounted={false}
        >
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
            <Tabs.List aria-label={t('tabs.label')} style={{ flexWrap: 'nowrap' }}>
              <Tabs.Tab value={MEMBERS}>{t('tabs.members')}</Tabs.Tab>
              {categories.map((c) => (
                <Tabs.Tab key={c.id} value={c.id}>
                  {c.plural_name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          <Tabs.Panel value={active} pt="md">
            {active === MEMBERS ? <MemberList /> : <CategoryGroups category={category!} />}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PageContainer>
  );
}

/** `/directory`, `/members` and `/directory/members`: the members tab. */
export function MembersTabPage() {
  return <DirectoryPage />;
}

/** `/directory/{category_id}`. */
export function CategoryTabPage() {
  const { categoryId = '' } = useParams();
  return <DirectoryPage key={categoryId} category={categoryId} />;
}
