export {
  createRealtime,
  rooms,
  REALTIME_PATH,
  UNAUTHORIZED,
  UNAVAILABLE,
  type Realtime,
  type SocketData,
} from './realtime.ts';
export { realtimePlugin, type RealtimePluginOptions } from './plugin.ts';
