import type { ParticipantStatus } from '@agora/contracts';

/** What an organiser may set for a participant (calendars spec, participants management). */
export const MANAGED_STATUSES = ['accepted', 'declined', 'rejected', 'invited'] as const;
export type ManagedStatus = (typeof MANAGED_STATUSES)[number];

/** The statuses a new participant may start with; 'invited' is the default. */
export const ADD_STATUSES = ['invited', 'accepted', 'declined'] as const;

/** The list filter: 'declined' includes refusals by the organiser, 'invited' the open answers. */
export const STATUS_FILTERS = ['all', 'accepted', 'declined', 'invited'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** 'open' and 'invited' are the same idea of no answer: the select shows both as invited. */
export function managedStatus(status: ParticipantStatus): ManagedStatus {
  return status === 'open' ? 'invited' : status;
}

export const STATUS_COLORS: Record<ManagedStatus, string> = {
  accepted: 'green',
  declined: 'red',
  rejected: 'red',
  invited: 'gray',
};
