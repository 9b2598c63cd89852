import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import type { ClientChatMessage } from '../client/store.ts';
import { MessageList } from './message-list.tsx';
import { clientMessage, directChat, groupChat, members, ME } from './testing/fixtures.ts';

const ROW = 50;
const VIEW = 500;

// jsdom does no layout: the list is as high as its messages, the view shows 500 px of it.
function fakeLayout() {
  const proto = HTMLElement.prototype;
  const scrollHeight = Object.getOwnPropertyDescriptor(proto, 'scrollHeight');
  const clientHeight = Object.getOwnPropertyDescriptor(proto, 'clientHeight');
  const isList = (el: HTMLElement) => el.dataset.testid === 'message-list';
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? this.querySelectorAll('[data-testid="chat-message"]').length * ROW : 0;
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? VIEW : 0;
    },
  });
  return () => {
    if (scrollHeight) Object.defineProperty(proto, 'scrollHeight', scrollHeight);
    else delete (proto as { scrollHeight?: number }).scrollHeight;
    if (clientHeight) Object.defineProperty(proto, 'clientHeight', clientHeight);
    else delete (proto as { clientHeight?: number }).clientHeight;
  };
}

function page(from: number, count: number): ClientChatMessage[] {
  return Array.from({ length: count }, (_, i) => clientMessage(from + i));
}

type Harness = { append: (message: ClientChatMessage) => void };

function renderList(batches: ClientChatMessage[][], initial = page(100, 30)) {
  const loadOlder = vi.fn();
  const markAsRead = vi.fn().mockResolvedValue(undefined);
  const harness: Harness = { append: () => {} };
  function List() {
    const [messages, setMessages] = useState(initial);
    harness.append = (message) => setMessages((current) => [...current, message]);
    loadOlder.mockImplementation(async () => {
      const batch = batches.shift() ?? [];
      setMessages((current) => [...batch, ...current]);
      return batch.length;
    });
    return (
      <div style={{ height: VIEW, display: 'flex' }}>
        <MessageList
          chat={directChat()}
          messages={messages}
          hasMore
          loadOlder={loadOlder}
          me={ME}
          actions={{ markAsRead, retry: vi.fn(), discard: vi.fn() }}
          handlersFor={() => ({})}
          onOpenImage={vi.fn()}
        />
      </div>
    );
  }
  renderUi(<List />);
  const viewport = screen.getByTestId('message-list');
  const scrollTo = async (top: number) => {
    // Past the 250 ms throttle of the previous scroll.
    await act(() => new Promise((resolve) => setTimeout(resolve, 260)));
    viewport.scrollTop = top;
    fireEvent.scroll(viewport);
  };
  return { loadOlder, markAsRead, viewport, scrollTo, harness };
}

describe('MessageList', () => {
  let restoreLayout: () => void;
  beforeEach(async () => {
    restoreLayout = fakeLayout();
    await i18n.changeLanguage('en');
  });
  afterEach(() => restoreLayout());

  it('opens at the newest message and loads older ones at the top, keeping the view in place', async () => {
    const { loadOlder, viewport, scrollTo } = renderList([page(70, 30), []]);
    expect(viewport.scrollTop).toBe(30 * ROW);
    expect(loadOlder).not.toHaveBeenCalled();

    await scrollTo(20);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(60));
    // The 30 older messages came in above: what was 20 px from the top still is.
    expect(viewport.scrollTop).toBe(20 + 30 * ROW);
    expect(screen.queryByTestId('no-more-messages')).toBeNull();

    await scrollTo(0);
    expect(await screen.findByText('No more messages')).toBeTruthy();
    expect(loadOlder).toHaveBeenCalledTimes(2);

    // An empty batch ends the loading for good.
    await scrollTo(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loadOlder).toHaveBeenCalledTimes(2);
  });

  it('follows new messages at the bottom, and offers “scroll to newest” when scrolled away', async () => {
    const { viewport, scrollTo, harness } = renderList([]);
    act(() => harness.append(clientMessage(130)));
    await waitFor(() => expect(viewport.scrollTop).toBe(31 * ROW));
    expect(screen.queryByRole('button', { name: 'Scroll to newest' })).toBeNull();

    await scrollTo(600);
    await screen.findByRole('button', { name: 'Scroll to newest' });
    act(() => harness.append(clientMessage(131)));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(32));
    expect(viewport.scrollTop).toBe(600);

    // One's own message is always followed.
    act(() => harness.append(clientMessage(132, { from: members.me })));
    await waitFor(() => expect(viewport.scrollTop).toBe(33 * ROW));
    await scrollTo(100);
    fireEvent.click(await screen.findByRole('button', { name: 'Scroll to newest' }));
    expect(viewport.scrollTop).toBe(33 * ROW);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Scroll to newest' })).toBeNull());
  });

  it('separates days and names the authors in group chats', async () => {
    const messages = [
      clientMessage(1, { created_at: '2026-11-19T10:00:00', chat_id: groupChat().id }),
      clientMessage(2, { created_at: '2026-11-20T10:00:00', from: members.bert, chat_id: groupChat().id }),
      clientMessage(3, { created_at: '2026-11-20T11:00:00', from: members.me, chat_id: groupChat().id }),
    ];
    renderUi(
      <MessageList
        chat={groupChat()}
        messages={messages}
        hasMore={false}
        loadOlder={vi.fn()}
        me={ME}
        actions={{ markAsRead: vi.fn(), retry: vi.fn(), discard: vi.fn() }}
        handlersFor={() => ({})}
        onOpenImage={vi.fn()}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe('19.11.2026');
    expect(items[1]).toContain('Anna Adler');
    expect(items[2]).toBe('20.11.2026');
    expect(items[3]).toContain('Bert Bauer');
    expect(items[4]).not.toContain('Max Muster');
    // An author's name leads to their profile.
    expect(screen.getByRole('link', { name: 'Bert Bauer' }).getAttribute('href')).toBe(`/members/${members.bert.id}`);
    expect(screen.getByText('No more messages')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});
