import { Anchor, Button, Collapse, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconFile, IconFilter, IconFolder, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_LIMITS, type ProfileProperty, type ProfileValues } from '@agora/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../ui/date-format.ts';
import { shortenName } from '../../ui/file-format.ts';
import { useErrorMessage } from '../../ui/use-error-message.ts';
import { folderSearchQuery, isSearching, type FolderSearch } from './api-extra.ts';
import { ProfileField, useProfileProperties } from './profile-fields.tsx';

/** The properties to filter by: the files' and the folders' (a name both have counts once). */
function useFilterProperties(): ProfileProperty[] {
  const files = useProfileProperties('file');
  const folders = useProfileProperties('folder');
  return useMemo(() => {
    const names = new Set(files.map((property) => property.name));
    return [...files, ...folders.filter((property) => !names.has(property.name))];
  }, [files, folders]);
}

function activeFilters(filters: ProfileValues): number {
  return Object.values(filters).filter((value) => (Array.isArray(value) ? value.length > 0 : !!value)).length;
}

/**
 * The folder's search: names and descriptions in its subtree, filtered by profile values
 * (`profile.{name}`), 300 ms after the last change. While it searches, its results stand in for
 * the folder's table (`children`); with nothing to search for, no query is made.
 */
export function FolderSearchPanel({ folderId, children }: { folderId: string; children: ReactNode }) {
  const { t } = useTranslation('files');
  const errorText = useErrorMessage('files');
  const properties = useFilterProperties();
  const [search, setSearch] = useState<FolderSearch>({ q: '', filters: {} });
  const [debounced] = useDebouncedValue(search, FILE_LIMITS.searchDelayMs);
  const [filtersOpen, filtersToggle] = useDisclosure(false);
  const searching = isSearching(debounced);
  const query = useQuery({ ...folderSearchQuery(folderId, debounced), placeholderData: keepPreviousData });
  const count = activeFilters(search.filters);

  let results: ReactNode = null;
  if (searching) {
    if (query.error) results = <Text c="red">{errorText(query.error)}</Text>;
    else if (!query.data) results = <Text c="dimmed">{t('search.searching')}</Text>;
    else if (query.data.folders.length + query.data.files.length === 0)
      results = <Text c="dimmed">{t('search.no_results')}</Text>;
    else
      results = (
        <Table.ScrollContainer minWidth={480}>
          <Table highlightOnHover aria-label={t('search.results')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('search.columns.name')}</Table.Th>
                <Table.Th>{t('search.columns.updated_at')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.folders.map((folder) => (
                <Table.Tr key={`folder-${folder.id}`}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <IconFolder size={18} aria-hidden />
                      <Anchor component={Link} to={folder.html_url}>
                        {folder.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(folder.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
              {query.data.files.map((file) => (
                <Table.Tr key={`file-${file.id}`}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <IconFile size={18} aria-hidden />
                      <Anchor component={Link} to={file.html_url}>
                        {shortenName(file.name)}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(file.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md" role="search" aria-label={t('search.label')}>
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              type="search"
              style={{ flex: 1 }}
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search.q}
              onChange={(event) => setSearch({ ...search, q: event.currentTarget.value })}
            />
            {properties.length > 0 && (
              <Button
                variant="default"
                onClick={filtersToggle.toggle}
                aria-expanded={filtersOpen}
                leftSection={<IconFilter size={16} aria-hidden />}
              >
                {count > 0 ? t('search.filters_count', { count }) : t('search.filters')}
              </Button>
            )}
          </Group>
          {properties.length > 0 && (
            <Collapse in={filtersOpen}>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {properties.map((property) => (
                  <ProfileField
                    key={property.name}
                    property={property}
                    value={search.filters[property.name]}
                    onChange={(value) =>
                      setSearch({ ...search, filters: { ...search.filters, [property.name]: value } })
                    }
                  />
                ))}
              </SimpleGrid>
            </Collapse>
          )}
        </Stack>
      </Paper>
      {searching ? results : children}
    </Stack>
  );
}
