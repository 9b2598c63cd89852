export { ChatRoom } from './chat-room.tsx';
export { ChatAttachments, ChatImages } from './chat-attachments.tsx';
export { MessageImageGallery } from './message-image-gallery.tsx';
export { forgetDrafts } from './draft-store.ts';
export { showChatError, chatErrorText } from './chat-error-toast.ts';
