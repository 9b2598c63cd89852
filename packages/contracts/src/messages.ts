/** Toast message keys of the specs (common namespace `messages.{key}`). */
export const MESSAGE_KEYS = [
  'saving_successful',
  'saving_failure',
  'deleting_successful',
  'deleting_failure',
  'load_error',
  'generic_error',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];
