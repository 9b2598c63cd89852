import { Combobox, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LIMITS, NEW_TAG_PREFIX, type Tag } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { SearchingMessage, SearchPicker } from '../search-picker.tsx';
import { useErrorMessage } from '../use-error-message.ts';

/** `GET /tags/find?q=`: the matching tags, and a new one named as typed when no tag is. */
export function tagFindPath(q: string): string {
  return `/tags/find?${new URLSearchParams({ q, exclude_new: 'false' }).toString()}`;
}

/**
 * The tags of a post: searched from two characters on, 375 ms after the last key; a name no tag
 * has yet is offered as a new tag (`new_<name>`). Chosen tags are removable pills.
 */
export function TagInput({ value, onChange }: { value: Tag[]; onChange: (tags: Tag[]) => void }) {
  const { t } = useTranslation('ui');
  const errorMessage = useErrorMessage();
  const [search, setSearch] = useState('');
  const term = search.trim();
  const [debounced] = useDebouncedValue(term, ACTIVITY_LIMITS.searchDelayMs);
  const enough = term.length >= ACTIVITY_LIMITS.tagSearchMinLength;
  const path = tagFindPath(debounced);
  const query = useQuery({
    queryKey: ['tag-search', path],
    queryFn: ({ signal }) => api<Tag[]>(path, { signal }),
    enabled: enough && debounced.length >= ACTIVITY_LIMITS.tagSearchMinLength,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const waiting = debounced !== term || query.isFetching;
  const chosen = new Set(value.map((tag) => tag.name.toLowerCase()));
  const tags = (query.data ?? []).filter((tag) => !chosen.has(tag.name.toLowerCase()));
  const full = value.length >= ACTIVITY_LIMITS.tagsMax;

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const firstId = tags[0]?.id;
  useEffect(() => {
    if (firstId) combobox.selectFirstOption();
    // Only when the first hit changes (see MemberSelect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstId]);

  const choose = (id: string) => {
    const tag = tags.find((candidate) => candidate.id === id);
    if (!tag || full) return;
    onChange([...value, { ...tag, new: tag.new || tag.id.startsWith(NEW_TAG_PREFIX) }]);
    setSearch('');
    combobox.closeDropdown();
  };

  let message: ReactNode = null;
  if (full) message = t('composer.tags.full', { max: ACTIVITY_LIMITS.tagsMax });
  else if (!enough) message = t('composer.tags.enter_more', { min: ACTIVITY_LIMITS.tagSearchMinLength });
  else if (query.isError && !waiting) message = errorMessage(query.error);
  else if (tags.length === 0 && (waiting || !query.data))
    message = <SearchingMessage>{t('composer.tags.searching')}</SearchingMessage>;
  else if (tags.length === 0) message = t('composer.tags.no_match');

  return (
    <SearchPicker
      combobox={combobox}
      onOptionSubmit={choose}
      label={t('composer.tags.label')}
      placeholder={value.length === 0 ? t('composer.tags.placeholder') : undefined}
      fetching={query.isFetching}
      search={search}
      onSearchChange={(next) => setSearch(next.slice(0, ACTIVITY_LIMITS.tagNameMaxLength))}
      picked={value.map((tag) => ({
        key: tag.id,
        content: `#${tag.name}`,
        removeLabel: t('composer.tags.remove', { name: tag.name }),
      }))}
      onRemove={(id) => onChange(value.filter((tag) => tag.id !== id))}
      message={message}
    >
      {tags.map((tag) => (
        <Combobox.Option key={tag.id} value={tag.id}>
          {tag.new ? t('composer.tags.new', { name: tag.name }) : `#${tag.name}`}
        </Combobox.Option>
      ))}
    </SearchPicker>
  );
}
