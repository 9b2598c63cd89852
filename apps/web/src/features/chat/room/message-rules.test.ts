import { describe, expect, it } from 'vitest';
import { isEdited, isLargeEmoji, mayChange, periodEnded } from './message-rules.ts';
import { withDaySeparators } from './message-days.ts';
import { directChat, members, message, ME, networkInfo } from './testing/fixtures.ts';

describe('message display rules', () => {
  it('counts a message as edited only when changed more than a second after writing', () => {
    const base = { created_at: '2026-11-20T09:00:00.000Z', deleted_at: null };
    expect(isEdited({ ...base, updated_at: '2026-11-20T09:00:01.000Z' })).toBe(false);
    expect(isEdited({ ...base, updated_at: '2026-11-20T09:00:01.500Z' })).toBe(true);
    expect(isEdited({ ...base, updated_at: '2026-11-20T09:05:00.000Z', deleted_at: '2026-11-20T09:05:00.000Z' })).toBe(
      false,
    );
  });

  it('shows own emoji-only messages of up to three emoji large', () => {
    const text = (value: string) => ({ text: value, deleted_at: null });
    expect(isLargeEmoji(text('😀'), true)).toBe(true);
    expect(isLargeEmoji(text('😀 👍🏽 🇩🇪'), true)).toBe(true);
    expect(isLargeEmoji(text('😀😀😀😀'), true)).toBe(false);
    expect(isLargeEmoji(text('Hallo 😀'), true)).toBe(false);
    expect(isLargeEmoji(text('😀'), false)).toBe(false);
  });

  it('offers editing and deleting on own stored messages as the chat and network allow', () => {
    const chat = directChat();
    const own = message(1, { from: members.me });
    expect(mayChange('update', own, chat, networkInfo, ME)).toBe(true);
    expect(mayChange('destroy', own, chat, networkInfo, ME)).toBe(true);
    expect(mayChange('update', message(2), chat, networkInfo, ME)).toBe(false);
    expect(mayChange('update', { ...own, delivery: 'pushed' }, chat, networkInfo, ME)).toBe(false);
    expect(mayChange('update', { ...own, deleted_at: own.created_at }, chat, networkInfo, ME)).toBe(false);
    expect(mayChange('update', own, chat, { ...networkInfo, chat_message_allow_update: false }, ME)).toBe(false);
    expect(mayChange('destroy', own, chat, { ...networkInfo, chat_message_allow_destroy: false }, ME)).toBe(false);
    const readOnly = directChat({ can: { write: true, update_messages: false, destroy_messages: true } });
    expect(mayChange('update', own, readOnly, networkInfo, ME)).toBe(false);
  });

  it('ends the update period the given minutes after writing', () => {
    const written = '2026-11-20T09:00:00.000Z';
    expect(periodEnded(written, 15, Date.parse('2026-11-20T09:14:59.000Z'))).toBe(false);
    expect(periodEnded(written, 15, Date.parse('2026-11-20T09:15:01.000Z'))).toBe(true);
  });

  it('puts a day separator (dd.MM.y) before each new day', () => {
    const entries = withDaySeparators([
      message(1, { created_at: '2026-11-19T10:00:00' }),
      message(2, { created_at: '2026-11-19T11:00:00' }),
      message(3, { created_at: '2026-11-20T08:00:00' }),
    ]);
    expect(entries.map((entry) => (entry.type === 'day' ? entry.day : entry.message.seq))).toEqual([
      '19.11.2026',
      1,
      2,
      '20.11.2026',
      3,
    ]);
  });
});
