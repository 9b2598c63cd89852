import type { GroupInvite } from '@agora/contracts';

/**
 * What the inbox shows: the server's open invitations and those answered here meanwhile, in
 * their answered state (local state first), newest first. A reload drops the answered ones from
 * the server's list; they stay on the page until it is left, so the member sees what happened.
 */
export function shownInvites(server: GroupInvite[], answered: Map<string, GroupInvite>): GroupInvite[] {
  const byId = new Map(server.map((invite) => [invite.id, invite]));
  for (const [id, invite] of answered) byId.set(id, invite);
  return [...byId.values()].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
  );
}
