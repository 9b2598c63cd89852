import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** The user bar's and directory's search debounce (administration spec, section 9). */
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 300;

type SearchBoxProps = {
  label: string;
  placeholder: string;
  clearLabel: string;
  /** The search in effect (from the address). */
  value: string;
  /** Called 300 ms after typing stops, and at once when cleared. */
  onSearch: (q: string) => void;
};

/**
 * A search field whose words go into the address once typing pauses; going back and forward
 * through the history puts the search of that entry back into the field.
 */
export function SearchBox({ label, placeholder, clearLabel, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [searched, setSearched] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  const send = (q: string) => {
    setSent(q.trim());
    onSearch(q);
  };
  const search = useDebouncedCallback(send, DIRECTORY_SEARCH_DEBOUNCE_MS);
  // The address changed by other means (back, forward, reset): the field shows that search. What
  // this field sent itself leaves the field alone, so that typing on meanwhile is kept.
  if (value !== searched) {
    setSearched(value);
    if (sent !== null && value.trim() === sent) setSent(null);
    else setText(value);
  }

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={100}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label={clearLabel}
            size="sm"
            onClick={() => {
              setText('');
              search.cancel();
              send('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        search.cancel();
        send(text);
      }}
      style={{ flex: '1 1 14rem' }}
    />
  );
}
