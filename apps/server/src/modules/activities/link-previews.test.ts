import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '@agora/contracts';
import { safeFetchText } from '../../platform/http/safe-fetch.ts';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';
import { createLinkPreviews, parseLinkPreview } from './link-previews.ts';

describe('parseLinkPreview', () => {
  it('prefers Open Graph, then Twitter cards, then the title and meta description', () => {
    expect(
      parseLinkPreview(`<html><head><title>Plain</title>
        <meta property="og:title" content="The &amp; title"><meta name="description" content="  Described
        here "><meta property="og:site_name" content="Site"></head><body><meta property="og:title" content="late"></body>`),
    ).toEqual({ title: 'The & title', description: 'Described here', siteName: 'Site' });
    expect(parseLinkPreview('<title> Only a title </title>')).toEqual({
      title: 'Only a title',
      description: null,
      siteName: null,
    });
    expect(parseLinkPreview('<meta name="twitter:description" content="tw">').description).toBe('tw');
    expect(parseLinkPreview(`<title>${'x'.repeat(400)}</title>`).title).toHaveLength(300);
    expect(parseLinkPreview('not html at all')).toEqual({ title: null, description: null, siteName: null });
  });
});

describe('link previews of activities', () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    server = http.createServer((request, response) => {
      if (request.url === '/article') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end(
          '<head><meta property="og:title" content="Spring fair"><meta property="og:description" content="Stalls and music"></head>',
        );
      }
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  it('shows the fetched title and description of a posted link; a page that fails shows the bare link', async () => {
    const networkId = (await createNetwork(t.services)).id;
    const max = await signedInMember(t.app, t.services, networkId);
    const streamId = await t.services.activities.defaultStreamId(networkId);
    const postLink = async (url: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/activities',
        headers: max.session.headers,
        payload: { activity: { content: `<p>See <a href="${url}">this</a></p>`, activitystream_ids: [streamId] } },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Activity>();
    };
    const read = async (id: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/activities/${id}`, headers: max.session.headers })
      ).json<Activity>();

    const good = await postLink(`${base}/article`);
    const bad = await postLink(`${base}/broken`);
    // The job's work, done here with a fetcher that may reach this test's own server.
    const previews = createLinkPreviews({
      db: t.database.db,
      jobs: { send: async () => null, work: () => undefined },
      repository: t.services.activities.repository,
      fetchPage: (url) => safeFetchText(url, { allowPrivate: true }),
    });
    await previews.refresh(`${base}/article`);
    await previews.refresh(`${base}/broken`);

    expect((await read(good.id)).attachments).toContainEqual({
      type: 'link',
      url: `${base}/article`,
      title: 'Spring fair',
      description: 'Stalls and music',
      image_url: null,
    });
    expect((await read(bad.id)).attachments).toContainEqual({
      type: 'link',
      url: `${base}/broken`,
      title: null,
      description: null,
      image_url: null,
    });
  });

  it('never fetches a private address with the fetcher the server uses', async () => {
    const previews = createLinkPreviews({
      db: t.database.db,
      jobs: { send: async () => null, work: () => undefined },
      repository: t.services.activities.repository,
      fetchPage: (url) => safeFetchText(url),
    });
    const row = await previews.refresh(`${base}/article`);
    expect(row).toMatchObject({ status: 'failed', title: null });
  });
});
