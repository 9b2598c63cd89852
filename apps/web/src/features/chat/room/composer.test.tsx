import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { clearToasts, renderUi } from '../../../ui/testing.tsx';
import { ChatRequestError } from '../client/emit.ts';
import type { ClientChatMessage } from '../client/store.ts';
import { Composer } from './composer.tsx';
import { forgetDrafts, getDraft, startEditing, startQuoting, updateDraft } from './draft-store.ts';
import { clientMessage, members } from './testing/fixtures.ts';

const CHAT = 'network';
const OTHER = `group/${'d'.repeat(24)}`;

type ComposerProps = Parameters<typeof Composer>[0];

function handlers() {
  return {
    onSend: vi.fn().mockResolvedValue(undefined),
    onUpdate: vi.fn().mockResolvedValue(undefined),
    onComposing: vi.fn(),
  };
}

function composer(chatId: string, props: Partial<ComposerProps> = {}, messages: ClientChatMessage[] = []) {
  return (
    <Composer
      chatId={chatId}
      canWrite
      caps={{ files: 10, images: 10 }}
      findMessage={(id) => messages.find((message) => message.id === id)}
      {...handlers()}
      {...props}
    />
  );
}

function setup(props: Partial<ComposerProps> = {}, messages: ClientChatMessage[] = []) {
  const given = { ...handlers(), ...props };
  renderUi(composer(CHAT, given, messages));
  return given;
}

const textarea = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: 'Send' });

function type(textarea: HTMLTextAreaElement, value: string) {
  fireEvent.change(textarea, { target: { value } });
}

describe('Composer', () => {
  beforeEach(async () => {
    forgetDrafts();
    clearToasts();
    await i18n.changeLanguage('en');
  });

  it('sends on Enter and resets the draft', async () => {
    const { onSend, onComposing } = setup();
    type(textarea(), 'Hallo Anna');
    expect(onComposing).toHaveBeenCalled();
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ text: 'Hallo Anna', file_ids: [], image_ids: [] }));
    expect(textarea().value).toBe('');
    expect(getDraft(CHAT).text).toBe('');
  });

  it('keeps a pasted text over the maximum whole, says so, and does not send it', () => {
    const { onSend } = setup();
    type(textarea(), 'x'.repeat(10_001));
    expect(textarea().value).toHaveLength(10_001);
    expect(screen.getByText('At most 10000 characters.')).toBeTruthy();
    expect(screen.getByTestId('character-count').textContent).toBe('10001/10000');
    expect(send().hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(textarea(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it.each([['shiftKey'], ['ctrlKey'], ['altKey'], ['metaKey']])(
    'breaks the line on %s+Enter without sending',
    (modifier) => {
      const { onSend } = setup();
      type(textarea(), 'Zeile 1');
      textarea().setSelectionRange(7, 7);
      fireEvent.keyDown(textarea(), { key: 'Enter', [modifier]: true });
      expect(textarea().value).toBe('Zeile 1\n');
      expect(onSend).not.toHaveBeenCalled();
    },
  );

  it('needs non-blank text or an attachment, and no upload in progress', async () => {
    setup();
    expect(send().hasAttribute('disabled')).toBe(true);
    type(textarea(), '   \n ');
    expect(send().hasAttribute('disabled')).toBe(true);
    type(textarea(), '');
    const stored = { name: 'a.pdf', size: 1, type: 'application/pdf', extension: 'pdf', external_id: null };
    updateDraft(CHAT, (draft) => ({
      ...draft,
      fileAttachments: [{ ...stored, clientId: 'c1', id: 'f1', progress: 100, state: 'volatile' }],
    }));
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(false));
    updateDraft(CHAT, (draft) => ({
      ...draft,
      imageAttachments: [{ ...stored, name: 'b.png', clientId: 'c2', progress: 40, state: 'uploading' }],
    }));
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(true));
    expect(send().hasAttribute('data-loading')).toBe(true);
  });

  it('is disabled with a hint without write permission', () => {
    setup({ canWrite: false });
    expect(textarea().disabled).toBe(true);
    expect(send().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('You cannot write in this chat.')).toBeTruthy();
  });

  it('keeps each chat’s draft while switching chats', async () => {
    function Switcher() {
      const [chatId, setChatId] = useState(CHAT);
      return (
        <>
          <button onClick={() => setChatId(chatId === CHAT ? OTHER : CHAT)}>switch</button>
          {composer(chatId)}
        </>
      );
    }
    renderUi(<Switcher />);
    type(textarea(), 'Entwurf für das Netzwerk');
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(textarea().value).toBe(''));
    type(textarea(), 'Entwurf für die Gruppe');
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(textarea().value).toBe('Entwurf für das Netzwerk'));
    expect(getDraft(OTHER).text).toBe('Entwurf für die Gruppe');
  });

  it('quotes a message, and editing replaces quoting; Escape leaves editing', async () => {
    const quoted = clientMessage(1, { text: 'Wann treffen wir uns?' });
    const own = clientMessage(2, { text: 'Morgen um 10', from: members.me });
    const { onUpdate, onComposing } = setup({}, [quoted, own]);
    startQuoting(CHAT, quoted.id);
    expect((await screen.findByTestId('quoted-message')).textContent).toContain('Wann treffen wir uns?');
    startEditing(CHAT, own);
    await waitFor(() => expect(screen.queryByTestId('quoted-message')).toBeNull());
    expect(screen.getByTestId('composer-editing').textContent).toContain('Editing message');
    expect(textarea().value).toBe('Morgen um 10');
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();

    fireEvent.keyDown(textarea(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('composer-editing')).toBeNull());
    expect(textarea().value).toBe('');

    startEditing(CHAT, own);
    await waitFor(() => expect(textarea().value).toBe('Morgen um 10'));
    type(textarea(), 'Morgen um 11');
    // Editing is no "… is typing": no new message is coming.
    expect(onComposing).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith(own.id, 'Morgen um 11'));
    await waitFor(() => expect(screen.queryByTestId('composer-editing')).toBeNull());
  });

  it('shows “update period ended” with the minutes when the server refuses an edit', async () => {
    const own = clientMessage(2, { text: 'Morgen um 10', from: members.me });
    const onUpdate = vi.fn().mockRejectedValue(new ChatRequestError('update_period_ended', 422, { minutes: 15 }));
    setup({ onUpdate }, [own]);
    startEditing(CHAT, own);
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(notificationsStore.getState().notifications.map((toast) => toast.message)).toContain(
        'The update period has ended (15 minutes).',
      ),
    );
    // The edit stays, to be copied or dropped.
    expect(getDraft(CHAT).messageToEditId).toBe(own.id);
  });
});
