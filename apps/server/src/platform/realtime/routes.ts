import type { FastifyInstance } from 'fastify';
import type { ChatToken } from '@agora/contracts';
import type { ChatTokens } from './chat-token.ts';

/** `POST /api/v1/chat_token`: credentials the web app opens its socket with (cached for their lifetime). */
export function chatTokenRoutes(chatTokens: ChatTokens) {
  return async (app: FastifyInstance) => {
    app.post(
      '/api/v1/chat_token',
      { config: { auth: 'member' }, schema: { tags: ['chat'] } },
      async (request): Promise<ChatToken> => {
        const actor = request.actor!;
        return chatTokens.sign({ sessionId: actor.sessionId, networkId: actor.networkId });
      },
    );
  };
}
