import type { ExternalInviteItem, ExternalInviteStatus, Group } from '@agora/contracts';

/** A group as the invite page reads it, with the invite flags given. */
export function groupWith(
  can: Partial<Group['can']>,
): Pick<Group, 'id' | 'slug' | 'name'> & { can: Partial<Group['can']> } {
  return {
    id: 'e'.repeat(24),
    slug: 'engineering',
    name: 'Engineering',
    can: { invite_internal: false, invite_external: false, invite_external_guests: false, ...can },
  };
}

export const SETTINGS = {
  default_invite_subject: 'Join us at Agora',
  default_invite_text: 'Hello, you are invited.',
  user_types: ['normal', 'external'],
};

export function externalInvite(status: ExternalInviteStatus, index = 0): ExternalInviteItem {
  return {
    id: `${index}${status}`.padEnd(24, '0'),
    type: 'ExternalInvite',
    email: `person${index}@example.org`,
    first_name: 'Jürgen',
    last_name: `Müller ${index}`,
    author: { id: 'a'.repeat(24), name: 'Anna Admin' },
    status,
    user_type: 'normal',
    groups: [{ id: 'e'.repeat(24), name: 'Engineering', slug: 'engineering' }],
    created_at: '2030-03-01T09:00:00Z',
    renewed_at: null,
    can: { renew: status === 'open' || status === 'obsolete', revoke: status === 'open' },
  };
}
