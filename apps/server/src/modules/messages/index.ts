export { messageRoutes } from './routes.ts';
export { createMessagesService, type MessagesService } from './service.ts';
export { MESSAGE_EVENTS } from './events.ts';
export { MESSAGE_OWNER } from './send.ts';
