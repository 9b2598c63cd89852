import { useEffect } from 'react';
import { registerVisiblePanel, useChatNavigation } from '../client/navigation.ts';
import { ChatAttachments, ChatImages, ChatRoom, MessageImageGallery } from '../room/index.ts';
import { ChatList } from './chat-list.tsx';
import classes from './chat.module.css';
import { ConnectionAlert } from './connection-alert.tsx';
import { NewChat } from './new-chat.tsx';

/**
 * The chat: its in-app routes (list, new chat, a chat, its files and images, an image gallery)
 * under the connection's state. The header's drawer and the /chat page both show it.
 */
export function ChatPanel({ onClose }: { onClose?: () => void }) {
  const { view } = useChatNavigation();
  // While it is mounted, a message of the chat shown here needs no desktop notification.
  useEffect(() => registerVisiblePanel(), []);

  return (
    <div className={classes.panel} data-testid="chat-panel">
      <ConnectionAlert />
      <div className={classes.panelBody}>
        {view.name === 'root' && <ChatList onClose={onClose} />}
        {view.name === 'newChat' && <NewChat />}
        {view.name === 'showChat' && <ChatRoom key={view.chatId} chatId={view.chatId} />}
        {view.name === 'showChatAttachments' && <ChatAttachments chatId={view.chatId} />}
        {view.name === 'showChatImages' && <ChatImages chatId={view.chatId} />}
        {view.name === 'showMessageImageGallery' && (
          <MessageImageGallery chatId={view.chatId} id={view.id} imageId={view.imageId} />
        )}
      </div>
    </div>
  );
}
