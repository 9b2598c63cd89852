import { Combobox, Group, Loader, Pill, PillsInput, Text, type ComboboxStore } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';

export type PickedPill = { key: string; content: ReactNode; removeLabel: string };

type SearchPickerProps = {
  combobox: ComboboxStore;
  onOptionSubmit: (value: string) => void;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** A search is under way (a spinner in the field). */
  fetching: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  picked: PickedPill[];
  onRemove: (key: string) => void;
  /** A hint shown instead of the options ("enter more characters", "no match", an error). */
  message: ReactNode | null;
  /** The options (Combobox.Option or Combobox.Group elements). */
  children: ReactNode;
};

/**
 * The frame the member and directory pickers share: picked items as pills (each removable by
 * keyboard, the last one also by Backspace), a search field, and a dropdown of options or a hint.
 */
export function SearchPicker(props: SearchPickerProps) {
  const { combobox, picked, disabled } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && props.search === '' && picked.length > 0) {
      event.preventDefault();
      props.onRemove(picked[picked.length - 1]!.key);
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={props.onOptionSubmit} disabled={disabled}>
      <Combobox.DropdownTarget>
        <PillsInput
          label={props.label}
          description={props.description}
          error={props.error}
          required={props.required}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
          rightSection={props.fetching ? <Loader size="xs" aria-hidden /> : null}
        >
          <Pill.Group>
            {picked.map((pill) => (
              <Pill
                key={pill.key}
                withRemoveButton={!disabled}
                onRemove={() => props.onRemove(pill.key)}
                // Reachable by keyboard too, not only Backspace for the last one.
                removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': pill.removeLabel }}
              >
                {pill.content}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={props.search}
                placeholder={picked.length === 0 ? props.placeholder : undefined}
                autoComplete="off"
                onChange={(event) => {
                  props.onSearchChange(event.currentTarget.value);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onKeyDown={onKeyDown}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        {/* Messages stay outside the listbox: a listbox may only hold options and groups. */}
        {props.message !== null && (
          <Combobox.Empty>
            <Text size="sm" c="dimmed" component="div" role="status">
              {props.message}
            </Text>
          </Combobox.Empty>
        )}
        <Combobox.Options aria-label={props.label} mah={320} style={{ overflowY: 'auto' }}>
          {props.message === null && props.children}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The hint while a search runs. */
export function SearchingMessage({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" justify="center" component="span">
      <Loader size="xs" aria-hidden />
      {children}
    </Group>
  );
}
