import type { FastifyInstance } from 'fastify';
import type { ChatToken } from '@agora/contracts';
import type { ChatTokens } from './chat-token.ts';

/** `POST /api/v1/chat_token`: credentials the web app opens its socket with (cached for their lifetime). */
export function chatTokenRoutes(chatTokens: ChatTokens) {
  return async (app: FastifyInstance) => {
    app.post(
      '/api/v1/chat_token',
      // Signs a token and stores nothing: every page load asks for one, so it is no write to budget.
      { config: { auth: 'member', budget: false }, schema: { tags: ['chat'] } },
      async (request): Promise<ChatToken> => {
        const actor = request.actor!;
        return chatTokens.sign({ sessionId: actor.sessionId, networkId: actor.networkId });
      },
    );
  };
}
