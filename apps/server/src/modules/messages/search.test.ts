import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, SearchResponse } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { SearchSource } from '../../platform/search/index.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;

type Person = Awaited<ReturnType<typeof signedInMember>>;
let writer: Person;
let reader: Person;
let other: Person;
let teammate: Person;
let team: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const person = () => signedInMember(t.app, t.services, networkId);
  [writer, reader, other, teammate] = [await person(), await person(), await person(), await person()];
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'message-team', name: 'Message team' },
  ]);
  team = group!;
  await t.services.groups.addMembers(networkId, [
    { groupId: team.id, membershipId: writer.membership.id, role: 'admin' as const },
    { groupId: team.id, membershipId: teammate.membership.id },
  ]);
});
afterAll(() => t.close());

const send = async (who: Person, payload: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: who.session.headers,
    payload: { subject: 'Hello', content: '<p>Hi there</p>', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DirectMessage>();
};
const remove = (session: Session, url: string) => t.app.inject({ method: 'DELETE', url, headers: session.headers });
const settled = () => t.services.events.settled();
const actorOf = (who: Person): Actor => t.services.members.actorFor(who.membership, '', null);
const source = () => t.services.search.source('messages') as SearchSource<'messages'>;

/** The member's message results for a word, once the index has caught up. */
async function find(who: Person, q: string) {
  await settled();
  const response = await t.app.inject({
    url: `/search.json?module=messages&q=${encodeURIComponent(q)}`,
    headers: who.session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<SearchResponse>().messages_query!;
  return { ids: result.hits.map((h) => h.id), total: result.total, hits: result.hits };
}

describe('the messages search source', () => {
  it('makes a message findable by every member holding a copy, and by nobody once all are deleted', async () => {
    const message = await send(writer, { to: [reader.membership.id], subject: 'Keys', content: '<p>Of copies</p>' });
    await settled();
    const [doc] = await source().load(networkId, [message.id]);
    expect(doc).toMatchObject({
      id: message.id,
      groupId: null,
      title: 'Keys',
      content: 'Of copies',
      language: 'network',
    });
    expect(new Set(doc!.access)).toEqual(
      new Set([`messages:member:${writer.membership.id}`, `messages:member:${reader.membership.id}`]),
    );
    expect(await source().accessKeys(actorOf(reader))).toEqual([`messages:member:${reader.membership.id}`]);
    expect((await remove(writer.session, `/api/v1/messages/sent/${message.id}`)).statusCode).toBe(204);
    expect((await source().load(networkId, [message.id]))[0]!.access).toEqual([
      `messages:member:${reader.membership.id}`,
    ]);
    expect((await remove(reader.session, `/api/v1/messages/${message.id}`)).statusCode).toBe(204);
    expect(await source().load(networkId, [message.id])).toEqual([]);
  });

  it('gives the members of a group their keys once the message is delivered to them', async () => {
    const message = await send(writer, { to_group: [team.id], subject: 'Team news' });
    await settled();
    const [doc] = await source().load(networkId, [message.id]);
    expect(new Set(doc!.access)).toEqual(
      new Set([`messages:member:${writer.membership.id}`, `messages:member:${teammate.membership.id}`]),
    );
  });

  it('presents hits in the order asked, leaving out what the member cannot read', async () => {
    const first = await send(writer, { to: [reader.membership.id], subject: 'First' });
    const second = await send(other, { to: [writer.membership.id], subject: 'Second' });
    const hits = await source().present(actorOf(reader), [second.id, first.id]);
    expect(hits).toEqual([
      {
        id: first.id,
        author: expect.objectContaining({ id: writer.membership.id }),
        subject: 'First',
        html_content: '<p>Hi there</p>',
        to: [{ id: reader.membership.id, name: expect.any(String) }],
        created_at: first.created_at,
        html_url: `/messages/${first.id}`,
      },
    ]);
    expect((await source().present(actorOf(writer), [second.id, first.id])).map((h) => h.id)).toEqual([
      second.id,
      first.id,
    ]);
  });
});

describe('GET /search.json: messages', () => {
  it("never finds another member's message; the recipient finds it until deleting their copy", async () => {
    const message = await send(writer, {
      to: [reader.membership.id],
      subject: 'Saffron delivery',
      content: '<p>The crates arrive on Tuesday</p>',
    });
    expect(await find(other, 'saffron')).toMatchObject({ ids: [], total: 0 });
    const found = await find(reader, 'saffron');
    expect(found.ids).toEqual([message.id]);
    expect(found.hits[0]).toMatchObject({ subject: 'Saffron delivery', html_url: `/messages/${message.id}` });
    expect((await find(reader, 'crates')).ids).toEqual([message.id]);
    expect((await find(writer, 'saffron')).ids).toEqual([message.id]);

    expect((await remove(reader.session, `/api/v1/messages/${message.id}`)).statusCode).toBe(204);
    expect(await find(reader, 'saffron')).toMatchObject({ ids: [], total: 0 });
    // The author's copy stays.
    expect((await find(writer, 'saffron')).ids).toEqual([message.id]);
  });

  it("finds a group message for the group's members, not for others", async () => {
    const message = await send(writer, { to_group: [team.id], subject: 'Tangerine roster' });
    expect((await find(teammate, 'tangerine')).ids).toEqual([message.id]);
    expect(await find(reader, 'tangerine')).toMatchObject({ ids: [], total: 0 });
  });
});
