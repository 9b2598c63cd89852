import type { ParticipantStatus } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import { appointmentInvites, appointmentParticipants } from './tables.ts';

/** An invite with the invitee's participation, for seeds and benchmarks (no notifications, no mails). */
export type SeedInvite = {
  appointmentId: string;
  membershipId: string;
  authorId: string | null;
  /** The stored invite state ('expired' is not stored: an open invite whose appointment is over). */
  inviteStatus: 'open' | 'accepted' | 'declined' | 'obsolete';
  participantStatus: ParticipantStatus;
  /** When the appointment is over; null for a series without end. */
  endsAt: Date | null;
  answeredAt?: Date | null;
};

/** Bulk insertion in chunks; existing participants and invites are kept as they are. */
export async function insertSeedInvites(db: Db, networkId: string, rows: SeedInvite[], chunkSize = 2000) {
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await db.transaction(async (tx) => {
      await tx
        .insert(appointmentParticipants)
        .values(
          chunk.map((r) => ({
            id: newId(),
            networkId,
            appointmentId: r.appointmentId,
            membershipId: r.membershipId,
            status: r.participantStatus,
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(appointmentInvites)
        .values(
          chunk.map((r) => ({
            id: newId(),
            networkId,
            appointmentId: r.appointmentId,
            membershipId: r.membershipId,
            authorId: r.authorId,
            status: r.inviteStatus,
            endsAt: r.endsAt,
            answeredAt: r.answeredAt ?? null,
          })),
        )
        .onConflictDoNothing();
    });
  }
}
