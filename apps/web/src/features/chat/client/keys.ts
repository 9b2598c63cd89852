/** Query keys of the chat's cache (fed by answers and pushes of the socket). */
export const chatKeys = {
  all: ['chat'] as const,
  chats: ['chat', 'chats'] as const,
  chat: (id: string) => ['chat', 'chat', id] as const,
  profile: ['chat', 'profile'] as const,
  networkInfo: ['chat', 'network-info'] as const,
};
