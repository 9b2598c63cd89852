import { ColorSwatch, Combobox, Group, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DIRECTORY_SEARCH_DEBOUNCE_MS,
  directoryOptionKey,
  directorySearchQuery,
  directorySections,
  type DirectoryOption,
} from './directory-search.ts';
import { SearchingMessage, SearchPicker } from './search-picker.tsx';
import { useErrorMessage } from './use-error-message.ts';

export type DirectorySelectProps = {
  label: string;
  value: DirectoryOption[];
  onChange: (value: DirectoryOption[]) => void;
  /** Offer membership roles besides groups (default yes). */
  includeMembershipRoles?: boolean;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Another call answering as `GET /directory` does (default `/directory`). */
  searchPath?: string;
};

function OptionLabel({ option }: { option: DirectoryOption }) {
  if (option.type === 'group') return <Text size="sm">{option.name}</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={option.color} size={10} aria-hidden />
      <Text size="sm">{option.name}</Text>
      {option.group && (
        <Text size="xs" c="dimmed">
          {option.group.name}
        </Text>
      )}
    </Group>
  );
}

function pillText(option: DirectoryOption): string {
  return option.type === 'membership_role' && option.group ? `${option.name} (${option.group.name})` : option.name;
}

/**
 * Picks groups and membership roles (participants, invitations): the server's first answers
 * show as soon as the field opens, narrowed while typing; grouped by group category, roles last.
 */
export function DirectorySelect(props: DirectorySelectProps) {
  const { label, value, onChange, includeMembershipRoles = true, description, placeholder, error, required } = props;
  const { disabled } = props;
  const { t } = useTranslation('ui');
  const errorMessage = useErrorMessage();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const [search, setSearch] = useState('');
  const term = search.trim();
  const [debounced] = useDebouncedValue(term, DIRECTORY_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...directorySearchQuery(debounced, includeMembershipRoles, props.searchPath),
    enabled: combobox.dropdownOpened,
  });
  const waiting = debounced !== term || query.isFetching;
  const chosen = new Set(value.map(directoryOptionKey));
  const sections = directorySections(query.data, t('directory_select.roles'))
    .map((section) => ({ ...section, options: section.options.filter((o) => !chosen.has(directoryOptionKey(o))) }))
    .filter((section) => section.options.length > 0);
  const options = sections.flatMap((section) => section.options);

  const firstKey = options[0] && directoryOptionKey(options[0]);
  useEffect(() => {
    if (firstKey) combobox.selectFirstOption();
    // Only when the first hit changes: the store is a new object each render, and reselecting
    // on every render would undo the arrow keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstKey]);

  const choose = (key: string) => {
    const option = options.find((o) => directoryOptionKey(o) === key);
    if (!option) return;
    onChange([...value, option]);
    setSearch('');
  };
  const remove = (key: string) => onChange(value.filter((o) => directoryOptionKey(o) !== key));

  let message: ReactNode = null;
  if (query.isError && !waiting) message = errorMessage(query.error);
  else if (options.length === 0 && (waiting || !query.data))
    message = <SearchingMessage>{t('directory_select.searching')}</SearchingMessage>;
  else if (options.length === 0) message = t('directory_select.no_match');

  return (
    <SearchPicker
      combobox={combobox}
      onOptionSubmit={choose}
      label={label}
      description={description}
      placeholder={placeholder}
      error={error}
      required={required}
      disabled={disabled}
      fetching={query.isFetching}
      search={search}
      onSearchChange={setSearch}
      picked={value.map((option) => ({
        key: directoryOptionKey(option),
        content: pillText(option),
        removeLabel: t('directory_select.remove', { name: pillText(option) }),
      }))}
      onRemove={remove}
      message={message}
    >
      {sections.map((section) => (
        <Combobox.Group key={section.key} label={section.label}>
          {section.options.map((option) => (
            <Combobox.Option key={directoryOptionKey(option)} value={directoryOptionKey(option)}>
              <OptionLabel option={option} />
            </Combobox.Option>
          ))}
        </Combobox.Group>
      ))}
    </SearchPicker>
  );
}
