import type { CircularLetterInfo } from '@agora/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { StreamAccess } from './access.ts';
import { circularLetterRecipients, circularLetters, type ActivityRow } from './tables.ts';

type LetterRow = typeof circularLetters.$inferSelect;

/** The groups whose admins a member is (as group or category admin). */
export const administers = (access: StreamAccess, groupId: string) => {
  const group = access.groups.get(groupId);
  return !!group && (group.role === 'admin' || group.categoryAdmin);
};

/** Network administrators write to everyone and any group; group administrators to their groups. */
export function mayCreateCircularLetter(access: StreamAccess): boolean {
  if (access.actor.isNetworkAdmin) return true;
  return [...access.groups.keys()].some((id) => administers(access, id));
}

/** Who sees a letter's acknowledgements: its sender, network administrators, the admins of its groups. */
export function seesAcknowledgements(access: StreamAccess, letter: LetterRow, authorId: string | null): boolean {
  const { actor } = access;
  return (
    actor.membershipId === authorId || actor.isNetworkAdmin || letter.groupIds.some((id) => administers(access, id))
  );
}

/** The `circular_letter` of the activities of a page that are letters, as the actor sees them. */
export async function circularLetterInfos(
  db: Db,
  access: StreamAccess,
  rows: ActivityRow[],
): Promise<Map<string, CircularLetterInfo>> {
  const ids = rows.filter((r) => r.circularLetter).map((r) => r.id);
  if (ids.length === 0) return new Map();
  const [letters, mine] = await Promise.all([
    db.select().from(circularLetters).where(inArray(circularLetters.activityId, ids)),
    db
      .select()
      .from(circularLetterRecipients)
      .where(
        and(
          inArray(circularLetterRecipients.activityId, ids),
          eq(circularLetterRecipients.membershipId, access.actor.membershipId),
        ),
      ),
  ]);
  const own = new Map(mine.map((r) => [r.activityId, r]));
  const authors = new Map(rows.map((r) => [r.id, r.actorId]));
  return new Map(
    letters.map((letter) => {
      const copy = own.get(letter.activityId);
      const acknowledged = !!copy?.acknowledgedAt;
      return [
        letter.activityId,
        {
          subject: letter.subject,
          recipient_count: letter.recipientCount,
          acknowledged_count: letter.acknowledgedCount,
          i: {
            recipient: !!copy,
            acknowledged,
            can: {
              acknowledge: !!copy && !acknowledged,
              see_acknowledgements: seesAcknowledgements(access, letter, authors.get(letter.activityId) ?? null),
            },
          },
        },
      ];
    }),
  );
}
