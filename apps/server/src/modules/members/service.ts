import type { Db } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { createMembersRepository, type MembershipRow, type NewMembershipRow } from './repository.ts';

export type MembersService = ReturnType<typeof createMembersService>;

export type NewMember = Omit<NewMembershipRow, 'id' | 'createdAt' | 'updatedAt'>;

export function createMembersService(db: Db) {
  const repository = createMembersRepository(db);
  return {
    findByUser: repository.findByUser,
    find: repository.findById,
    findMany: repository.findByIds,
    async create(member: NewMember): Promise<MembershipRow> {
      const [row] = await repository.insertMany([member]);
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /** Bulk creation for imports and generated networks; one statement per chunk. */
    async createMany(members: NewMember[], chunkSize = 1000): Promise<MembershipRow[]> {
      const created: MembershipRow[] = [];
      for (let i = 0; i < members.length; i += chunkSize) {
        created.push(...(await repository.insertMany(members.slice(i, i + chunkSize))));
      }
      return created;
    },
    setLocked(networkId: string, id: string, locked: boolean) {
      return repository.update(networkId, id, { lockedAt: locked ? new Date() : null });
    },
    /** The actor a membership signs in as. */
    actorFor(m: MembershipRow, sessionId: string, locale: string | null): Actor {
      return {
        userId: m.userId,
        membershipId: m.id,
        networkId: m.networkId,
        isNetworkAdmin: m.networkAdmin,
        isExternal: m.isExternal,
        locale,
        sessionId,
      };
    },
  };
}
