export type StubRequest = { method: string; path: string; body: unknown };
export type StubAnswer = { status: number; body?: unknown };
export type StubHandler = StubAnswer | ((request: StubRequest) => StubAnswer);

/** A JSON answer with 200, or 204 without a body. */
export const ok = (body?: unknown): StubAnswer => ({ status: body === undefined ? 204 : 200, body });

/**
 * Answers fetch from the table (`METHOD /path?query`: a fixed answer or one made from the
 * request), 404 for anything else; records every call.
 */
export function stubApi(answers: Record<string, StubHandler>) {
  const calls: StubRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const request = { method, path, body };
    calls.push(request);
    const handler = answers[`${method} ${path}`];
    const answer =
      typeof handler === 'function' ? handler(request) : (handler ?? { status: 404, body: { error: 'not_found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}
