import { Text, Textarea, TextInput, VisuallyHidden, type TextareaProps, type TextInputProps } from '@mantine/core';
import { useCallback, useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { textLength } from '@agora/contracts';

/** From this share of the maximum on, the count shows; below it, it would only be noise. */
export const COUNT_FROM_SHARE = 0.8;

export type TextLimit = {
  /** Characters as the server counts them (trimmed). */
  length: number;
  max: number;
  /** Whether the count is worth showing (near or over the maximum). */
  shown: boolean;
  over: boolean;
};

export function textLimit(value: string, max: number): TextLimit {
  const length = textLength(value);
  return { length, max, shown: length >= max * COUNT_FROM_SHARE, over: length > max };
}

/**
 * "243/255" under a field once most of its maximum is used, red when over; a screen reader hears
 * how many characters are left (or too many). The live region is always there, so that the first
 * change is heard too.
 */
export function CharacterCount({ limit }: { limit: TextLimit }) {
  const { t } = useTranslation('ui');
  const { length, max, shown, over } = limit;
  return (
    <>
      {shown && (
        <Text
          component="div"
          size="xs"
          ta="right"
          mt={4}
          c={over ? 'red.8' : 'dimmed'}
          fw={over ? 600 : undefined}
          aria-hidden
          data-testid="character-count"
          data-over={over || undefined}
        >
          {t('text_limit.count', { length, max })}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">
        {shown
          ? over
            ? t('text_limit.over', { count: length - max })
            : t('text_limit.remaining', { count: max - length })
          : ''}
      </VisuallyHidden>
    </>
  );
}

/**
 * While the text is over its maximum, its form does not submit: the submit event is stopped on
 * the form element, before React's handler (listening at the root) sees it, and the field gets
 * the focus with its message. So every form with a limited field is covered without a check of
 * its own, and nothing is ever sent to be cut or refused.
 */
function useBlockedSubmit(element: { current: HTMLInputElement | HTMLTextAreaElement | null }, over: boolean) {
  useEffect(() => {
    const form = element.current?.form;
    if (!over || !form) return;
    const block = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      element.current?.focus();
    };
    form.addEventListener('submit', block);
    return () => form.removeEventListener('submit', block);
  }, [element, over]);
}

type Limited = {
  /** The maximum of the field, from the contracts (e.g. APPOINTMENT_LIMITS.nameMaxLength). */
  maxLength: number;
  value: string;
};

/**
 * The field's message: the form's own (a server answer, a rule), else "at most N characters"
 * while the text is over its maximum.
 */
function limitError(error: ReactNode, limit: TextLimit, tooLong: string): ReactNode {
  if (limit.over && (!error || typeof error === 'string')) return tooLong;
  return error;
}

/**
 * What both limited fields add to Mantine's input: the count under it, the message over the
 * maximum, and the blocked submit.
 */
function useLimitedField<T extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  maxLength: number,
  error: ReactNode,
  ref: Ref<T> | undefined,
) {
  const { t } = useTranslation('ui');
  const limit = textLimit(value, maxLength);
  const input = useRef<T | null>(null);
  useBlockedSubmit(input, limit.over);
  const merged = useCallback((node: T | null) => mergeRef(input, ref, node), [ref]);
  return {
    ref: merged,
    error: limitError(error, limit, t('text_limit.too_long', { max: maxLength })),
    inputContainer: (children: ReactNode) => (
      <>
        {children}
        <CharacterCount limit={limit} />
      </>
    ),
  };
}

/**
 * A one-line text input with a maximum that is shown, never enforced by cutting: the browser's
 * own maxLength would silently drop what is typed or pasted beyond it, so it is not set.
 */
export function LimitedTextInput({
  maxLength,
  value,
  error,
  ref,
  ...props
}: Omit<TextInputProps, 'maxLength' | 'value'> & Limited & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput {...props} value={value} {...useLimitedField(value, maxLength, error, ref)} />;
}

/** A longer text (a message, a teaser) with a maximum that is shown, as LimitedTextInput. */
export function LimitedTextarea({
  maxLength,
  value,
  error,
  ref,
  ...props
}: Omit<TextareaProps, 'maxLength' | 'value'> & Limited & { ref?: Ref<HTMLTextAreaElement> }) {
  return <Textarea {...props} value={value} {...useLimitedField(value, maxLength, error, ref)} />;
}

/** Keeps the element in the field's own ref and hands it to the caller's ref too. */
function mergeRef<T>(own: { current: T | null }, outer: Ref<T> | undefined, node: T | null) {
  own.current = node;
  if (typeof outer === 'function') outer(node);
  else if (outer) (outer as { current: T | null }).current = node;
}
