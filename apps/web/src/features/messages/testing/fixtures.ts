import type { DirectMessage, MemberRef, NetworkShell } from '@agora/contracts';
import { networkShell } from '../../../testing/network-shell.ts';

export const SELF: MemberRef = { id: 'a'.repeat(24), name: 'Anna Admin', path: `/members/${'a'.repeat(24)}` };
export const MAX: MemberRef = { id: 'b'.repeat(24), name: 'Max Mustermann', path: `/members/${'b'.repeat(24)}` };
export const LENA: MemberRef = { id: 'c'.repeat(24), name: 'Lena Schmidt', path: `/members/${'c'.repeat(24)}` };

export const SESSION = {
  status: 200,
  body: { member: { id: SELF.id, displayName: SELF.name }, csrf_token: 'csrf', locale: 'en' },
};

/** The network shell with `can.send_direct_messages` (and `administrate` for the to-all box). */
export function shell({ send = true, administrate = false } = {}): NetworkShell {
  const network = networkShell({ administrate });
  return { ...network, can: { ...network.can, send_direct_messages: send } };
}

export function message(n: number, overrides: Partial<DirectMessage> = {}): DirectMessage {
  const id = String(n).padStart(24, '0');
  return {
    id,
    subject: `Subject ${n}`,
    content: `<p>Content ${n}</p>`,
    plain_content: `Content ${n}`,
    html_content: `<p>Content ${n}</p>`,
    created_at: '2030-03-01T09:00:00Z',
    author: MAX,
    to: [SELF],
    to_count: 1,
    to_groups: [],
    to_all_network_members: false,
    conversation: [],
    conversation_length: 1,
    conversation_starter_id: id,
    has_replies: false,
    has_attachments: false,
    attachments: [],
    i: { read: true },
    ignored: false,
    ...overrides,
  };
}
