import { z } from './zod.ts';
import { ERROR_KEYS } from './errors.ts';

/**
 * One rule for the length of texts: every text field has a maximum, the spec's where it names
 * one, else TEXT_LIMITS.line for a single line; longer texts (descriptions, messages) name their
 * own. A text over its maximum is refused with `too_long` (the server adds the maximum as the
 * field's detail) and nothing is stored: no text is ever cut short without a word.
 */
export const TEXT_LIMITS = {
  /** Any one-line text (a name, title, subject, address line) whose maximum the spec leaves open. */
  line: 255,
} as const;

/**
 * The length the rule counts: what is left after trimming, as the schemas trim before they
 * measure (in UTF-16 code units, as JavaScript and zod count).
 */
export function textLength(value: string): number {
  return value.trim().length;
}

/** A one-line text, trimmed, at most `max` characters; empty is allowed. */
export function lineText(max: number = TEXT_LIMITS.line) {
  return z.string().trim().max(max, ERROR_KEYS.tooLong);
}

/** A one-line text that must not be empty (a name, a title). */
export function nameText(max: number = TEXT_LIMITS.line) {
  return lineText(max).min(1, ERROR_KEYS.required);
}

/** A one-line text that may be left out: empty, null and missing all become null. */
export function optionalLineText(max: number = TEXT_LIMITS.line) {
  return lineText(max)
    .nullish()
    .transform((value) => value || null);
}

/**
 * A longer text (a description, a message): its own maximum, line breaks kept. Rich text (HTML)
 * is measured untrimmed, as it is stored; plain text trimmed.
 */
export function longText(max: number, options: { trim?: boolean } = {}) {
  return (options.trim === false ? z.string() : z.string().trim()).max(max, ERROR_KEYS.tooLong);
}
