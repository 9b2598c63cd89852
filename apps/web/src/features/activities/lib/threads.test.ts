import { describe, expect, it } from 'vitest';
import type { ActivityReply } from '@agora/contracts';
import { threadReplies } from './threads.ts';

const reply = (id: string, replyId: string | null = null) => ({ id, reply_id: replyId }) as ActivityReply;

describe('threadReplies', () => {
  it('puts replies to a reply under it, deeper ones one level in too, in the order written', () => {
    const order = threadReplies([reply('1'), reply('2'), reply('3', '1'), reply('4', '3'), reply('5', '1')]);
    expect(order.map((r) => [r.reply.id, r.nested])).toEqual([
      ['1', false],
      ['3', true],
      ['4', true],
      ['5', true],
      ['2', false],
    ]);
  });

  it('keeps a reply whose parent is not loaded at the top level, and loses none', () => {
    const order = threadReplies([reply('7', 'gone'), reply('8', '9'), reply('9', '8')]);
    expect(order.map((r) => r.reply.id).sort()).toEqual(['7', '8', '9']);
    expect(order[0]).toEqual({ reply: reply('7', 'gone'), nested: false });
  });
});
