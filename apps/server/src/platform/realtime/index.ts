export {
  createRealtime,
  rooms,
  REALTIME_PATH,
  UNAUTHORIZED,
  UNAVAILABLE,
  type ConnectionHandler,
  type Realtime,
  type RealtimeSocket,
  type SocketData,
} from './realtime.ts';
export { realtimePlugin, type RealtimePluginOptions } from './plugin.ts';
export { createChatTokens, type ChatTokens, type ChatTokenClaims } from './chat-token.ts';
export { chatTokenRoutes } from './routes.ts';
