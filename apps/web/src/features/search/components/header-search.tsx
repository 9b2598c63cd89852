import { ActionIcon, Box, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { SEARCH_LIMITS } from '@agora/contracts';
import { groupQuery } from '../../groups/index.ts';
import { fieldKey, keyInputOf } from '../../../ui/field-keys.ts';
import { searchQuery } from '../api.ts';
import { moduleEntries, quickEntries } from '../lib/header-entries.ts';
import { searchPath } from '../lib/params.ts';
import classes from './search.module.css';

/** The group whose pages are shown (`/groups/{slug}/…`), or null elsewhere. */
function useGroupSlug(): string | null {
  const slug = useMatch({ path: '/groups/:groupSlug', end: false })?.params.groupSlug ?? null;
  // `/groups/new/{category}` makes a group: no group's page.
  return slug && slug !== 'new' ? slug : null;
}

/**
 * The header's search bar (administration spec, section 2; signed-in members only): 300 ms after
 * the last key a dropdown offers the search in each module and the overview's first hits; Enter
 * without a chosen entry opens all results. On a group's pages it offers the group's own search
 * first. On a phone a search button opens the field.
 */
export function HeaderSearch() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [phoneOpened, setPhoneOpened] = useState(false);
  const [value, setValue] = useState('');
  const q = value.trim();
  const [debounced] = useDebouncedValue(q, SEARCH_LIMITS.debounceMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const answer = useQuery(searchQuery({ q: debounced, module: null, page: 1, sortBy: 'relevance' }));

  // On a group's pages the group's own search is offered too.
  const groupSlug = useGroupSlug();
  const group = useQuery({ ...groupQuery(groupSlug ?? ''), enabled: groupSlug !== null });
  const groupName = group.data?.name ?? t('header.this_group');

  const modules = moduleEntries(q, answer.data);
  const hits = debounced === q ? quickEntries(answer.data) : [];
  const all = { value: 'all', path: searchPath({ q }) };
  const inGroup = groupSlug ? [{ value: 'group', path: searchPath({ q }, groupSlug) }] : [];
  const paths = new Map([...inGroup, ...modules, ...hits, all].map((entry) => [entry.value, entry.path]));

  const open = (path: string | undefined) => {
    if (!path) return;
    combobox.closeDropdown();
    setValue('');
    setPhoneOpened(false);
    void navigate(path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = fieldKey(keyInputOf(event));
    // Enter with an entry chosen opens it (the combobox does that); without one, all results.
    if (key === 'enter' && q && combobox.getSelectedOptionIndex() === -1) {
      event.preventDefault();
      open(all.path);
    }
    if (key === 'escape' && !combobox.dropdownOpened) setPhoneOpened(false);
  };

  if (isPhone && !phoneOpened)
    return (
      <ActionIcon
        variant="subtle"
        size="lg"
        color="var(--agora-header-text)"
        aria-label={t('header.open')}
        onClick={() => setPhoneOpened(true)}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    );

  const searching = answer.isFetching && hits.length === 0;
  return (
    <Box className={isPhone ? classes.phoneField : undefined} role="search">
      <Combobox store={combobox} onOptionSubmit={(option) => open(paths.get(option))} width="target" withinPortal>
        <Combobox.Target>
          <TextInput
            className={isPhone ? undefined : classes.headerField}
            flex={isPhone ? 1 : undefined}
            size="sm"
            value={value}
            maxLength={SEARCH_LIMITS.queryMax}
            placeholder={t('header.placeholder')}
            aria-label={t('header.label')}
            autoFocus={isPhone}
            leftSection={<IconSearch size={16} aria-hidden />}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.resetSelectedOption();
              if (event.currentTarget.value.trim()) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => q && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={onKeyDown}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!q} miw={isPhone ? undefined : 320}>
          <Combobox.Options className={classes.dropdown} data-testid="header-search-dropdown">
            {inGroup.map((entry) => (
              <Combobox.Option key={entry.value} value={entry.value} fw={600}>
                {t('header.in_group', { q, group: groupName })}
              </Combobox.Option>
            ))}
            <Combobox.Group label={t('header.modules')}>
              {modules.map((entry) => (
                <Combobox.Option key={entry.value} value={entry.value}>
                  {t('header.search_in', { module: t(`modules.${entry.key}`) })}
                </Combobox.Option>
              ))}
            </Combobox.Group>
            {(hits.length > 0 || searching) && (
              <Combobox.Group label={t('header.quick_results')}>
                {searching && (
                  <Group gap="xs" px="sm" py={4} role="status">
                    <Loader size="xs" aria-hidden />
                    <Text size="sm" c="dimmed">
                      {t('header.loading')}
                    </Text>
                  </Group>
                )}
                {hits.map((entry) => (
                  <Combobox.Option key={entry.value} value={entry.value}>
                    <Text size="sm" lineClamp={1}>
                      {entry.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`modules.${entry.module}`)}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            )}
            <Combobox.Option value={all.value} fw={600}>
              {t('header.all_results', { q })}
            </Combobox.Option>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {isPhone && (
        <ActionIcon
          variant="subtle"
          size="lg"
          color="var(--agora-header-text)"
          aria-label={t('header.close')}
          onClick={() => setPhoneOpened(false)}
        >
          <IconX size={20} aria-hidden />
        </ActionIcon>
      )}
    </Box>
  );
}
