import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryStatus } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import type { ClientChatMessage } from '../client/store.ts';
import { MessageItem } from './message-item.tsx';
import { attachment, clientMessage, members } from './testing/fixtures.ts';

function show(message: ClientChatMessage, own = false, extra: Partial<Parameters<typeof MessageItem>[0]> = {}) {
  const onOpenImage = vi.fn();
  renderUi(
    <ol>
      <MessageItem message={message} own={own} showAuthor={!own} onOpenImage={onOpenImage} {...extra} />
    </ol>,
  );
  return { onOpenImage, item: screen.getByTestId('chat-message') };
}

describe('MessageItem', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the author, the text with clickable links (escaped), and the time', () => {
    const { item } = show(clientMessage(5, { text: 'Siehe <b>https://example.org</b>\nBis gleich' }));
    expect(item.textContent).toContain('Anna Adler');
    const link = within(item).getByRole('link', { name: 'https://example.org' });
    expect(link.getAttribute('href')).toBe('https://example.org');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(item.querySelector('b')).toBeNull();
    expect(item.textContent).toContain('<b>');
    expect(item.querySelector('time')?.textContent).toMatch(/^\d{2}:\d{2}$/);
  });

  it('marks a message edited more than a second after writing', () => {
    const { item } = show(clientMessage(1, { updated_at: '2026-11-20T09:03:00.000Z' }));
    expect(within(item).getByText('edited')).toBeTruthy();
  });

  it('shows a deleted message as deleted, in italics, without actions or attachments', () => {
    const deleted = clientMessage(1, {
      text: '',
      deleted_at: '2026-11-20T09:05:00.000Z',
      updated_at: '2026-11-20T09:05:00.000Z',
      files: [attachment(1)],
    });
    const { item } = show(deleted, false, { actions: <button>actions</button> });
    const text = within(item).getByText('This message was deleted');
    expect(text.style.fontStyle).toBe('italic');
    expect(within(item).queryByRole('button', { name: 'actions' })).toBeNull();
    expect(within(item).queryByText('edited')).toBeNull();
    expect(within(item).queryByTestId('chat-file')).toBeNull();
  });

  it.each([
    ['pushed', 'Sending'],
    ['persisted', 'Sent'],
    ['received', 'Delivered'],
    ['read', 'Read'],
  ] as Array<[DeliveryStatus, string]>)('shows the %s ticks on own messages', (delivery, label) => {
    const { item } = show(clientMessage(1, { from: members.me }, delivery), true);
    const ticks = within(item).getByRole('img', { name: label });
    expect(ticks.getAttribute('data-delivery')).toBe(delivery);
    expect(item.textContent).not.toContain('Max Muster');
  });

  it('shows no ticks on others’ messages', () => {
    const { item } = show(clientMessage(1, {}, 'read'));
    expect(within(item).queryByRole('img')).toBeNull();
  });

  it('shows own emoji-only messages of up to three emoji large', () => {
    show(clientMessage(1, { text: '🎉🎉', from: members.me }), true);
    const text = screen.getByText('🎉🎉');
    expect(text.hasAttribute('data-large-emoji')).toBe(true);
    expect(text.style.fontSize).toBe('2.5rem');
  });

  it('shows longer or others’ emoji messages in the normal size', () => {
    show(clientMessage(1, { text: '🎉🎉🎉🎉', from: members.me }), true);
    expect(screen.getByText('🎉🎉🎉🎉').hasAttribute('data-large-emoji')).toBe(false);
    cleanup();
    show(clientMessage(1, { text: '🎉' }), false);
    expect(screen.getByText('🎉').hasAttribute('data-large-emoji')).toBe(false);
  });

  it('offers retry and discard for a failed send', () => {
    const onRetry = vi.fn();
    const onDiscard = vi.fn();
    const failed = { ...clientMessage(1, { from: members.me }, 'pushed'), failed: 'timeout', pending: true };
    const { item } = show(failed, true, { onRetry, onDiscard });
    expect(within(item).getByRole('alert').textContent).toContain('Not sent: The server did not answer in time.');
    expect(within(item).queryByRole('img', { name: 'Sending' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    expect(onRetry).toHaveBeenCalled();
    expect(onDiscard).toHaveBeenCalled();
  });

  it('shows the quote, 80x80 thumbnails opening the gallery, files and the zip download', async () => {
    const message = clientMessage(3, {
      quoted_message: {
        id: 'q'.repeat(24),
        text: 'Die Agenda?',
        from: members.me,
        deleted_at: null,
        files: 0,
        images: 0,
      },
      images: [attachment(7, { name: 'Foto.jpg', extension: 'jpg', type: 'image/jpeg', token: null })],
      files: [attachment(1), attachment(2, { name: 'Protokoll', extension: 'docx' })],
    });
    const { item, onOpenImage } = show(message);
    expect(within(item).getByTestId('quoted-message').textContent).toContain('Die Agenda?');
    const thumbnail = within(item).getByRole('button', { name: 'Show image Foto.jpg' });
    expect(thumbnail.querySelector('img')?.getAttribute('src')).toBe(
      `/api/storage/images/${attachment(7).id}/get/80x80`,
    );
    fireEvent.click(thumbnail);
    expect(onOpenImage).toHaveBeenCalledWith(attachment(7).id);
    const link = within(item).getByRole('link', { name: 'Protokoll' });
    expect(link.getAttribute('href')).toBe(
      `/api/storage/files/${attachment(2).id}/get/Protokoll.docx?download=1&token=token-2`,
    );
    expect(within(item).getByRole('button', { name: 'Download all as zip' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('downloads all files of a message as one zip through a file token', async () => {
    const calls = stubFetch({ 'POST /api/v1/file_token': { status: 200, body: { token: 'signed-token' } } });
    const posted: Array<{ action: string; token: string | null }> = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push({ action: this.getAttribute('action')!, token: new FormData(this).get('token') as string | null });
    });
    const message = clientMessage(3, { files: [attachment(1), attachment(2)] });
    show(message);
    fireEvent.click(screen.getByRole('button', { name: 'Download all as zip' }));
    await waitFor(() => expect(posted).toEqual([{ action: '/api/storage/v2/archive', token: 'signed-token' }]));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/file_token',
      body: { chat_message_id: message.id },
    });
    expect(document.querySelector('form')).toBeNull();
    vi.restoreAllMocks();
  });
});
