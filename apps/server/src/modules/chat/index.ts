export { createChatService, CATCH_UP_LIMIT, type ChatDeps, type ChatService, type CreateChatInput } from './service.ts';
export { answer, listen, registerChatGateway, type GatewayLog, type Handler } from './gateway.ts';
export { CHAT_MESSAGE_OWNER } from './files.ts';
export type { ChatRef, StatusOf } from './chats-view.ts';
export { createChatPresence, type ChatPresence } from './presence.ts';
