import { CHAT_LIMITS, type PresenceType } from '@agora/contracts';

/** Newlines become spaces (spec 4); the 100 characters are counted after that. */
export function normalizeStatusText(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ');
}

export function statusTextTooLong(text: string): boolean {
  return normalizeStatusText(text).trim().length > CHAT_LIMITS.statusTextMax;
}

/** Online and busy without a text get the default one ("Available", "Busy"); invisible keeps none. */
export function statusTextFor(type: PresenceType, text: string, defaults: Record<'online' | 'busy', string>): string {
  const normalized = normalizeStatusText(text).trim();
  if (type === 'invisible' || normalized) return normalized;
  return defaults[type];
}
