import { describe, expect, it } from 'vitest';
import { LENA, MAX, SELF, message } from '../testing/fixtures.ts';
import { draftFrom, EMPTY_DRAFT, hasText, prefixed, sendBlocker, type Draft } from './compose.ts';

const LABELS = {
  re: 'Re: ',
  fwd: 'Fwd: ',
  forward: { heading: 'Forwarded message', from: 'From', date: 'Date', subject: 'Subject', to: 'To' },
};
const member = (id: string) => ({ id, displayName: id, images: { small: null }, is_external: false });

describe('draftFrom', () => {
  const original = message(1, {
    subject: 'Budget',
    author: MAX,
    to: [SELF, LENA],
    to_count: 2,
    conversation_starter_id: '9'.repeat(24),
    content: '<p>Numbers <b>&amp;</b> more</p>',
    attachments: [
      {
        id: 'd'.repeat(24),
        original_filename: 'plan.pdf',
        extension: 'pdf',
        content_type: 'application/pdf',
        size: 1200,
        url: '/x',
      },
    ],
    has_attachments: true,
  });

  it('replies to the author with "Re: " and keeps the conversation', () => {
    const draft = draftFrom('reply', original, SELF.id, LABELS);
    expect(draft.to.map((m) => m.id)).toEqual([MAX.id]);
    expect(draft.subject).toBe('Re: Budget');
    expect(draft.conversationStarterId).toBe('9'.repeat(24));
    expect(draft.content).toBe('');
    expect(draft.attachments).toEqual([]);
  });

  it('replies to all: the author and the other recipients, never oneself, each once', () => {
    const draft = draftFrom('reply_all', { ...original, to: [SELF, LENA, MAX] }, SELF.id, LABELS);
    expect(draft.to.map((m) => m.displayName)).toEqual(['Max Mustermann', 'Lena Schmidt']);
    expect(draft.conversationStarterId).toBe('9'.repeat(24));
  });

  it('answers one’s own message to its recipients', () => {
    const own = { ...original, author: SELF, to: [MAX, LENA] };
    expect(draftFrom('reply', own, SELF.id, LABELS).to.map((m) => m.id)).toEqual([MAX.id, LENA.id]);
  });

  it('does not stack prefixes, and starts a conversation with the message itself when it has none', () => {
    const answer = { ...original, subject: 'Re: Budget', conversation_starter_id: '' };
    const draft = draftFrom('reply', answer, SELF.id, LABELS);
    expect(draft.subject).toBe('Re: Budget');
    expect(draft.conversationStarterId).toBe(original.id);
    expect(prefixed('Fwd: ', 'fwd: x')).toBe('fwd: x');
  });

  it('forwards with the original quoted, its attachments kept and no recipients', () => {
    const draft = draftFrom('forward', original, SELF.id, LABELS);
    expect(draft.to).toEqual([]);
    expect(draft.subject).toBe('Fwd: Budget');
    expect(draft.conversationStarterId).toBeNull();
    expect(draft.content).toContain('<blockquote><p>Numbers <b>&amp;</b> more</p></blockquote>');
    expect(draft.content).toContain('From: Max Mustermann');
    expect(draft.content).toContain('Subject: Budget');
    expect(draft.attachments).toMatchObject([{ id: 'd'.repeat(24), name: 'plan.pdf', state: 'published' }]);
  });

  it('escapes what it writes into the quote head', () => {
    const draft = draftFrom('forward', { ...original, subject: '<script>' }, SELF.id, LABELS);
    expect(draft.content).toContain('Subject: &lt;script&gt;');
  });
});

describe('sendBlocker', () => {
  const ready: Draft = { ...EMPTY_DRAFT, to: [member('x')], subject: 'Hello' };

  it('needs a recipient, a group or all members', () => {
    expect(sendBlocker({ ...ready, to: [] }, false)).toBe('recipients');
    expect(sendBlocker({ ...ready, to: [], toAll: true }, false)).toBeNull();
    expect(sendBlocker(ready, false)).toBeNull();
  });

  it('needs a subject or a text, and no upload running', () => {
    expect(sendBlocker({ ...ready, subject: '  ' }, false)).toBe('subject_or_content');
    expect(sendBlocker({ ...ready, subject: '', content: '<p></p>' }, false)).toBe('subject_or_content');
    expect(sendBlocker({ ...ready, subject: '', content: '<p>Hi</p>' }, false)).toBeNull();
    expect(sendBlocker(ready, true)).toBe('uploading');
  });

  it('counts only text as text', () => {
    expect(hasText('<p>&nbsp;</p>')).toBe(false);
    expect(hasText('<p><img src="x"></p>')).toBe(true);
  });
});
