import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LibreTranslateRequest = {
  path: string;
  body: { q?: unknown; source?: unknown; target?: unknown; format?: unknown; api_key?: unknown } | null;
};

/**
 * What the stand-in does with the next requests: answer as LibreTranslate does, fail, never
 * answer, or answer one text for a list.
 */
export type LibreTranslateMode = 'answer' | 'fail' | 'hang' | 'malformed';

const LANGUAGES = [
  { code: 'de', name: 'German', targets: ['en', 'es', 'fr'] },
  { code: 'en', name: 'English', targets: ['de', 'es', 'fr'] },
  { code: 'es', name: 'Spanish', targets: ['de', 'en', 'fr'] },
  { code: 'fr', name: 'French', targets: ['de', 'en', 'es'] },
  { code: 'it', name: 'Italian', targets: ['de', 'en'] },
];

/** Marks every text as translated (`[de] ...`); in HTML only the text between the tags. */
export function standInTranslation(text: string, target: string, format: string): string {
  if (format !== 'html') return `[${target}] ${text}`;
  return text.replace(/>([^<]+)</g, (_all, inner: string) => `>[${target}] ${inner}<`);
}

async function readBody(request: IncomingMessage): Promise<LibreTranslateRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as LibreTranslateRequest['body']) : null;
  } catch {
    return null;
  }
}

/**
 * A LibreTranslate stand-in on a free port, for tests: `GET /languages` and `POST /translate`
 * with a list of texts, checking the key when one is set; it records every request.
 */
export async function startLibreTranslate(options: { apiKey?: string } = {}) {
  const requests: LibreTranslateRequest[] = [];
  let mode: LibreTranslateMode = 'answer';
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const body = request.method === 'POST' ? await readBody(request) : null;
    requests.push({ path, body });
    if (mode === 'hang') return;
    const send = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (mode === 'fail') return send(500, { error: 'the stand-in is down' });
    if (mode === 'malformed') return send(200, { translatedText: 'one text' });
    if (request.method === 'GET' && path === '/languages') return send(200, LANGUAGES);
    if (request.method === 'POST' && path === '/translate') {
      if (options.apiKey && body?.api_key !== options.apiKey) return send(403, { error: 'Invalid API key' });
      const target = String(body?.target ?? '');
      if (!LANGUAGES.some((l) => l.code === target)) return send(400, { error: `${target} is not supported` });
      const format = body?.format === 'html' ? 'html' : 'text';
      const q = body?.q;
      if (Array.isArray(q)) {
        return send(200, {
          translatedText: q.map((text) => standInTranslation(String(text), target, format)),
          detectedLanguage: q.map(() => ({ confidence: 90, language: 'en' })),
        });
      }
      return send(200, { translatedText: standInTranslation(String(q ?? ''), target, format) });
    }
    send(404, { error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** The translation requests, leaving out the languages'. */
    translations: () => requests.filter((r) => r.path === '/translate'),
    setMode(next: LibreTranslateMode) {
      mode = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
