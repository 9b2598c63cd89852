import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../ui/upload/fake-xhr.ts';
import { clearToasts } from '../../../ui/testing.tsx';
import { addAttachments, attachmentCap, draftUploading, removeAttachment, sendableIds } from './draft-attachments.ts';
import {
  cancelMode,
  EMPTY_DRAFT,
  forgetDrafts,
  getDraft,
  resetDraft,
  startEditing,
  startQuoting,
  updateDraft,
} from './draft-store.ts';
import { networkInfo } from './testing/fixtures.ts';

const A = 'network';
const B = `group/${'d'.repeat(24)}`;

describe('chat drafts', () => {
  beforeEach(() => forgetDrafts());

  it('keeps one draft per chat', () => {
    updateDraft(A, (draft) => ({ ...draft, text: 'Hallo A' }));
    updateDraft(B, (draft) => ({ ...draft, text: 'Hallo B' }));
    expect(getDraft(A).text).toBe('Hallo A');
    expect(getDraft(B).text).toBe('Hallo B');
    resetDraft(A);
    expect(getDraft(A)).toEqual(EMPTY_DRAFT);
    expect(getDraft(B).text).toBe('Hallo B');
  });

  it('saves to sessionStorage at most once a second and restores from it', () => {
    vi.useFakeTimers();
    try {
      updateDraft(A, (draft) => ({ ...draft, text: 'H' }));
      updateDraft(A, (draft) => ({ ...draft, text: 'Ha' }));
      expect(sessionStorage.getItem('agora.chat.draft.network')).toBeNull();
      vi.advanceTimersByTime(1000);
      expect(JSON.parse(sessionStorage.getItem('agora.chat.draft.network')!)).toMatchObject({ text: 'Ha' });
    } finally {
      vi.useRealTimers();
    }
    const stored = sessionStorage.getItem('agora.chat.draft.network');
    forgetDrafts();
    sessionStorage.setItem('agora.chat.draft.network', stored!);
    expect(getDraft(A).text).toBe('Ha');
  });

  it('keeps quoting and editing exclusive', () => {
    updateDraft(A, (draft) => ({ ...draft, text: 'Meine Antwort' }));
    startQuoting(A, 'q1');
    expect(getDraft(A)).toMatchObject({ messageToQuoteId: 'q1', messageToEditId: null, text: 'Meine Antwort' });
    startEditing(A, { id: 'e1', text: 'Alter Text' });
    expect(getDraft(A)).toMatchObject({ messageToQuoteId: null, messageToEditId: 'e1', text: 'Alter Text' });
    startQuoting(A, 'q2');
    // The edited message's text was never the member's draft.
    expect(getDraft(A)).toMatchObject({ messageToQuoteId: 'q2', messageToEditId: null, text: '' });
    cancelMode(A);
    expect(getDraft(A).messageToQuoteId).toBeNull();
    startEditing(A, { id: 'e1', text: 'Alter Text' });
    cancelMode(A);
    expect(getDraft(A)).toMatchObject({ messageToEditId: null, text: '' });
  });
});

describe('draft attachments', () => {
  let restore: () => void;
  beforeEach(() => {
    forgetDrafts();
    clearToasts();
    restore = FakeXhr.install();
  });
  afterEach(() => restore());

  const file = (name: string, type = 'application/pdf') => new File(['x'], name, { type });
  const stored = (id: string, name: string) => ({
    id,
    name,
    type: 'application/pdf',
    size: 1,
    extension: 'pdf',
    external_id: null,
    state: 'volatile',
    token: null,
    created_at: '2026-11-20T09:00:00Z',
  });

  it('caps at the network setting, never above the pickers’ 10', () => {
    expect(attachmentCap('files', { ...networkInfo, max_file_attachments: 3 })).toBe(3);
    expect(attachmentCap('images', { ...networkInfo, max_image_attachments: 50 })).toBe(10);
    expect(attachmentCap('files', undefined)).toBe(10);
  });

  it('uploads into the chat’s draft, leaving out what exceeds the cap', async () => {
    addAttachments(A, 'files', [file('a.pdf'), file('b.pdf'), file('c.pdf')], 2);
    expect(FakeXhr.requests).toHaveLength(2);
    expect(FakeXhr.requests[0]!.url).toBe('/api/storage/files');
    expect(draftUploading(getDraft(A))).toBe(true);
    FakeXhr.requests[0]!.respond(200, stored('f1', 'a.pdf'));
    FakeXhr.requests[1]!.respond(413, { error: 'file_too_large' });
    await vi.waitFor(() => expect(draftUploading(getDraft(A))).toBe(false));
    const items = getDraft(A).fileAttachments;
    expect(items.map((item) => item.state)).toEqual(['volatile', 'failed']);
    expect(items[1]!.status).toBe(413);
    expect(sendableIds(items)).toEqual(['f1']);
    const toasts = notificationsStore.getState().notifications.map((toast) => toast.message);
    expect(toasts).toContain('At most 2 files per message.');
  });

  it('removes an attachment, stopping its upload', () => {
    addAttachments(A, 'images', [file('a.png', 'image/png')], 10);
    const [item] = getDraft(A).imageAttachments;
    removeAttachment(A, 'images', item!.clientId);
    expect(FakeXhr.requests[0]!.aborted).toBe(true);
    expect(getDraft(A).imageAttachments).toEqual([]);
  });
});
