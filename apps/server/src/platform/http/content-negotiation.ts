import type { IncomingMessage } from 'node:http';

/** The internal route that answers every page request with the web app. */
export const WEB_APP_ROUTE = '/__web_app';

const NEVER_PAGES = /^\/(api|assets|healthz)(\/|$)/;

/**
 * Page routes and data routes share paths (`/appointments/123`): a GET that asks for HTML gets
 * the web app, one that asks for JSON (or ends in `.json`) gets data. Paths ending in another
 * extension (`.ics`, `.csv`) are left to the routes that serve those formats.
 */
export function rewriteUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  if (path.endsWith('.json')) {
    req.headers.accept = 'application/json';
    return path.slice(0, -'.json'.length) + query;
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && wantsHtml(req.headers.accept) && !NEVER_PAGES.test(path)) {
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    if (!lastSegment.includes('.')) return WEB_APP_ROUTE;
  }
  return url;
}

function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  if (html === -1) return false;
  const json = accept.indexOf('application/json');
  return json === -1 || html < json;
}
