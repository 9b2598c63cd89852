import { Combobox, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_DEBOUNCE_MS, MEMBER_SEARCH_MIN_CHARS, type MemberOption } from '@agora/contracts';
import { MemberLabel } from './member-label.tsx';
import { memberSearchQuery, type MemberSearchParams } from './member-search.ts';
import { SearchingMessage, SearchPicker } from './search-picker.tsx';
import { useErrorMessage } from './use-error-message.ts';

type CommonProps = MemberSearchParams & {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

type SingleProps = CommonProps & {
  multiple?: false;
  value: MemberOption | null;
  onChange: (value: MemberOption | null) => void;
};

type MultipleProps = CommonProps & {
  multiple: true;
  value: MemberOption[];
  onChange: (value: MemberOption[]) => void;
};

export type MemberSelectProps = SingleProps | MultipleProps;

/**
 * Picks one member or several by searching the server (calendars spec, participants;
 * communication spec, message recipients): 375 ms after the last keystroke, from two characters
 * on ("enter more characters" before that, "no match" for an empty answer).
 */
export function MemberSelect(props: MemberSelectProps) {
  const { label, description, placeholder, error, required, disabled } = props;
  const { t } = useTranslation('ui');
  const errorMessage = useErrorMessage();
  const selected = props.multiple ? props.value : props.value ? [props.value] : [];

  const [search, setSearch] = useState('');
  const term = search.trim();
  const [debounced] = useDebouncedValue(term, MEMBER_SEARCH_DEBOUNCE_MS);
  const enough = term.length >= MEMBER_SEARCH_MIN_CHARS;
  const query = useQuery({
    ...memberSearchQuery(debounced, {
      includeConsumers: props.includeConsumers,
      excludeGroupMembersOf: props.excludeGroupMembersOf,
      groupSlug: props.groupSlug,
      searchPath: props.searchPath,
    }),
    enabled: enough && debounced.length >= MEMBER_SEARCH_MIN_CHARS,
  });
  const waiting = debounced !== term || query.isFetching;
  const members = (query.data?.members ?? []).filter(
    (member) => !props.multiple || !selected.some((s) => s.id === member.id),
  );

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const firstId = members[0]?.id;
  useEffect(() => {
    // The first hit is ready for Enter as soon as it arrives.
    if (firstId) combobox.selectFirstOption();
    // Only when the first hit changes: the store is a new object each render, and reselecting
    // on every render would undo the arrow keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstId]);

  const choose = (id: string) => {
    const member = members.find((m) => m.id === id);
    if (!member) return;
    if (props.multiple) props.onChange([...props.value, member]);
    else props.onChange(member);
    setSearch('');
    combobox.closeDropdown();
  };
  const remove = (id: string) => {
    if (props.multiple) props.onChange(props.value.filter((m) => m.id !== id));
    else props.onChange(null);
  };
  let message: ReactNode = null;
  if (!enough) message = t('member_select.enter_more_characters', { min: MEMBER_SEARCH_MIN_CHARS });
  else if (query.isError && !waiting) message = errorMessage(query.error);
  else if (members.length === 0 && (waiting || !query.data))
    message = <SearchingMessage>{t('member_select.searching')}</SearchingMessage>;
  else if (members.length === 0) message = t('member_select.no_match');

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
      picked={selected.map((member) => ({
        key: member.id,
        content: <MemberLabel member={member} size="xs" />,
        removeLabel: t('member_select.remove', { name: member.displayName }),
      }))}
      onRemove={remove}
      message={message}
    >
      {members.map((member) => (
        <Combobox.Option key={member.id} value={member.id} active={selected.some((s) => s.id === member.id)}>
          <MemberLabel member={member} />
        </Combobox.Option>
      ))}
    </SearchPicker>
  );
}
