import { TextInput, type TextInputProps } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteTime, normalizeTime, stepTime } from './time-format.ts';

type OwnProps = {
  label: string;
  /** 'HH:mm', or '' for no time. */
  value: string;
  onChange: (value: string) => void;
};

type TimeInputProps = OwnProps & Omit<TextInputProps, keyof OwnProps | 'defaultValue'>;

/**
 * A time as HH:mm. What is typed is put right when the field is left (hour 0-23 else 00, minutes
 * 0-59 else 00, two digits); a complete time is taken while typing already. Arrow up and down
 * step the hour by 1 when the caret is in the hours, the minutes by 5 when it is in the minutes.
 */
export function TimeInput({ value, onChange, onBlur, onKeyDown, ...rest }: TimeInputProps) {
  const { t } = useTranslation('ui');
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  // A new value from outside (a reset, a default) replaces what is shown.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const take = (next: string) => {
    setText(next);
    setShown(next);
    if (next !== value) onChange(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const position = event.currentTarget.selectionStart ?? 0;
    const colon = text.indexOf(':');
    const unit = colon === -1 || position <= colon ? 'hours' : 'minutes';
    // The caret stays in the part it was in.
    caret.current = unit === 'hours' ? 2 : 5;
    take(stepTime(text, unit, event.key === 'ArrowUp' ? 1 : -1));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    take(normalizeTime(text));
  };

  return (
    <TextInput
      placeholder={t('time_input.placeholder')}
      leftSection={<IconClock size={16} aria-hidden />}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      w={rest.w ?? 120}
      aria-description={t('time_input.hint')}
      {...rest}
      ref={input}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (isCompleteTime(next) && next !== value) {
          setShown(next);
          onChange(next);
        }
      }}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    />
  );
}
