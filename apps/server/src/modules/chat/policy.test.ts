import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { networkSettingsSchema } from '@agora/contracts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import { unprocessable } from '../../platform/errors.ts';
import { chatErrors } from './errors.ts';
import { answer } from './gateway.ts';
import {
  chatPolicy,
  contentRefusal,
  editRefusal,
  updatePeriodEnded,
  writeRefusal,
  type ChatSubject,
} from './policy.ts';

const settings = networkSettingsSchema.parse({});
const actor: Actor = {
  userId: 'u',
  membershipId: 'a'.repeat(24),
  networkId: 'n',
  isNetworkAdmin: false,
  isExternal: false,
  locale: null,
  sessionId: 's',
};
const guest: Actor = { ...actor, isExternal: true };
const partner = { id: 'b'.repeat(24), lockedAt: null, isExternal: false, kind: 'member' };
const direct: ChatSubject = {
  kind: 'member',
  exists: true,
  memberIds: [actor.membershipId, partner.id],
  partner,
  group: null,
  role: null,
  settings,
};
const group: ChatSubject = {
  ...direct,
  kind: 'group',
  memberIds: null,
  partner: null,
  group: { chatEnabled: true, archived: false },
  role: 'member',
};
const network: ChatSubject = { ...direct, kind: 'network', memberIds: null, partner: null };

describe('the chat policy', () => {
  it('lets members read and write their direct chats, their groups’ and the network’s', () => {
    for (const subject of [direct, group, network]) {
      expect(abilities(chatPolicy, actor, subject), subject.kind).toEqual({
        chat: true,
        read: true,
        start: true,
        write: true,
        update_messages: true,
        destroy_messages: true,
      });
    }
  });

  it('hides chats of others: direct chats not theirs, groups not theirs or without chat', () => {
    const others = { ...direct, memberIds: ['c'.repeat(24), partner.id] as [string, string] };
    expect(abilities(chatPolicy, actor, others).read).toBe(false);
    expect(abilities(chatPolicy, actor, { ...group, role: null }).read).toBe(false);
    expect(abilities(chatPolicy, actor, { ...group, group: { chatEnabled: false, archived: false } }).read).toBe(false);
    expect(abilities(chatPolicy, actor, { ...group, group: null }).read).toBe(false);
    expect(abilities(chatPolicy, actor, { ...direct, partner: null }).read).toBe(false);
  });

  it('lets guests chat only where the network allows it, and not start direct chats', () => {
    expect(abilities(chatPolicy, guest, network)).toMatchObject({ chat: false, read: false, write: false });
    const allowing = { ...settings, guest_users_allow_chat: true };
    expect(abilities(chatPolicy, guest, { ...network, settings: allowing })).toMatchObject({ read: true, write: true });
    const fresh = { ...direct, exists: false, settings: allowing };
    const can = abilities(chatPolicy, guest, fresh);
    expect(can).toMatchObject({ read: true, start: false, write: false });
    expect(writeRefusal(can)?.key).toBe('external_cannot_start_private_chat');
    expect(abilities(chatPolicy, guest, { ...fresh, exists: true }).write).toBe(true);
  });

  it('takes write permission away in archived groups and with partners one cannot reach', () => {
    expect(abilities(chatPolicy, actor, { ...group, group: { chatEnabled: true, archived: true } })).toMatchObject({
      read: true,
      write: false,
      update_messages: false,
    });
    for (const unreachable of [
      { ...partner, lockedAt: new Date() },
      { ...partner, kind: 'consumer' },
      { ...partner, isExternal: true },
    ]) {
      const can = abilities(chatPolicy, actor, { ...direct, partner: unreachable });
      expect(can).toMatchObject({ read: true, write: false });
      expect(writeRefusal(can)?.key).toBe('no_write_permission');
    }
  });

  it('follows the network’s settings for editing and deleting', () => {
    const strict = { ...settings, chat_message_allow_update: false, chat_message_allow_destroy: false };
    expect(abilities(chatPolicy, actor, { ...network, settings: strict })).toMatchObject({
      write: true,
      update_messages: false,
      destroy_messages: false,
    });
  });
});

describe('the update period', () => {
  const sent = new Date('2026-05-01T10:00:00Z');
  it('ends the given minutes after sending', () => {
    expect(updatePeriodEnded(sent, 15, new Date('2026-05-01T10:15:00Z'))).toBe(false);
    expect(updatePeriodEnded(sent, 15, new Date('2026-05-01T10:15:00.001Z'))).toBe(true);
  });

  it('decides edits in order: own message, not deleted, allowed, within the period', () => {
    const can = abilities(chatPolicy, actor, network);
    const own = { authorId: actor.membershipId, createdAt: sent, deletedAt: null };
    const at = (minutes: number) => new Date(sent.getTime() + minutes * 60_000);
    expect(editRefusal(actor, can, own, 'update', settings, at(5))).toBeNull();
    expect(editRefusal(actor, can, { ...own, authorId: partner.id }, 'update', settings, at(5))?.key).toBe('forbidden');
    expect(editRefusal(actor, can, { ...own, deletedAt: at(1) }, 'update', settings, at(5))?.key).toBe('forbidden');
    const late = editRefusal(actor, can, own, 'destroy', settings, at(16));
    expect([late?.key, late?.details]).toEqual(['update_period_ended', { minutes: 15 }]);
    const strict = { ...settings, chat_message_allow_destroy: false };
    const strictCan = abilities(chatPolicy, actor, { ...network, settings: strict });
    expect(editRefusal(actor, strictCan, own, 'destroy', strict, at(1))?.key).toBe('destroy_not_allowed');
    expect(editRefusal(actor, strictCan, own, 'update', strict, at(1))).toBeNull();
  });
});

describe('message contents', () => {
  it('need text or an attachment, within the caps', () => {
    expect(contentRefusal({ text: ' \n', files: 0, images: 0 }, settings)?.key).toBe('empty_message');
    expect(contentRefusal({ text: '', files: 1, images: 0 }, settings)).toBeNull();
    expect(contentRefusal({ text: 'x', files: 11, images: 0 }, settings)?.details).toEqual({ max: 10 });
    expect(contentRefusal({ text: 'x', files: 0, images: 11 }, settings)?.key).toBe('max_images');
  });
});

describe('answering an event', () => {
  const schema = z.object({ n: z.number() });
  const run = (result: () => Promise<unknown>) => ({ schema, run: result });

  it('acknowledges the result, refusals and shared services’ HTTP errors', async () => {
    const ack = vi.fn();
    await answer(
      actor,
      'socket',
      'e',
      run(async () => 42),
      { n: 1 },
      ack,
    );
    await answer(
      actor,
      'socket',
      'e',
      run(() => Promise.reject(chatErrors.emptyMessage())),
      { n: 1 },
      ack,
    );
    await answer(
      actor,
      'socket',
      'e',
      run(() => Promise.reject(unprocessable({ file_ids: ['invalid'] }))),
      { n: 1 },
      ack,
    );
    await answer(
      actor,
      'socket',
      'e',
      run(async () => 42),
      { n: 'x' },
      ack,
    );
    expect(ack.mock.calls.map(([a]) => a)).toEqual([
      { ok: true, data: 42 },
      { ok: false, error: { key: 'empty_message', status: 422 } },
      { ok: false, error: { key: 'invalid', status: 422, details: { fields: { file_ids: ['invalid'] } } } },
      { ok: false, error: { key: 'invalid', status: 422, details: { fields: { n: ['invalid'] } } } },
    ]);
  });

  it('answers an unexpected failure as unavailable and logs it', async () => {
    const ack = vi.fn();
    const log = { error: vi.fn() };
    await answer(
      actor,
      'socket',
      'message',
      run(() => Promise.reject(new Error('database down'))),
      { n: 1 },
      ack,
      log,
    );
    expect(ack).toHaveBeenCalledWith({ ok: false, error: { key: 'unavailable', status: 500 } });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ event: 'message' }), 'chat event failed');
    // A database that cannot be reached is no fault of the event: 503, to be tried again.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await answer(
      actor,
      'socket',
      'message',
      run(() => Promise.reject(new Error('Failed query: select 1', { cause: refused }))),
      { n: 1 },
      ack,
      log,
    );
    expect(ack).toHaveBeenLastCalledWith({
      ok: false,
      error: { key: 'unavailable', status: 503, details: { retry_after: 5 } },
    });
    expect(log.error).toHaveBeenCalledTimes(1);
    // Without a callback there is nobody to answer, and nothing fails.
    await expect(
      answer(
        actor,
        'socket',
        'e',
        run(async () => 1),
        { n: 1 },
        undefined,
      ),
    ).resolves.toBeUndefined();
  });
});
