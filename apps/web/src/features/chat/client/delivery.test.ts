import { describe, expect, it } from 'vitest';
import { deliveryStatus } from './delivery.ts';
import { ME, PARTNER, testChat, testMessage } from './fixtures.ts';

const mine = (seq: number) => testMessage(seq, { from: { id: ME, name: 'Anna', image_id: null } });
const partnerState = (received: number, read: number) => ({
  last_received_id: null,
  last_received_seq: received,
  last_read_id: null,
  last_read_seq: read,
});

describe('deliveryStatus (spec 4)', () => {
  it('is pushed until the server stored the message', () => {
    expect(deliveryStatus({ ...mine(0), pending: true }, testChat(), ME)).toBe('pushed');
  });

  it('follows the partner’s markers for my messages in direct chats', () => {
    const chat = testChat({ partner_state: partnerState(5, 3) });
    expect(deliveryStatus(mine(3), chat, ME)).toBe('read');
    expect(deliveryStatus(mine(2), chat, ME)).toBe('read');
    expect(deliveryStatus(mine(4), chat, ME)).toBe('received');
    expect(deliveryStatus(mine(5), chat, ME)).toBe('received');
    expect(deliveryStatus(mine(6), chat, ME)).toBe('persisted');
  });

  it('is persisted for my messages in group and network chats', () => {
    const chat = testChat({ id: 'network', kind: 'network', partner: null, partner_state: null });
    expect(deliveryStatus(mine(1), chat, ME)).toBe('persisted');
  });

  it('is read for others’ messages up to my read marker, else received', () => {
    const chat = testChat({ state: { ...testChat().state, last_read_seq: 4 } });
    expect(deliveryStatus(testMessage(4), chat, ME)).toBe('read');
    expect(deliveryStatus(testMessage(5), chat, ME)).toBe('received');
    expect(testMessage(5).from.id).toBe(PARTNER);
  });
});
