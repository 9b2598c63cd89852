import {
  INVITE_LIST_STATUSES,
  INVITE_TABS,
  type InviteListStatus,
  type InviteTab,
  type ParticipationListStatus,
} from '@agora/contracts';

/** What a tab of the inbox lists: invites (open, expired, obsolete) or participations (the others). */
export type InboxList =
  { kind: 'invites'; status: InviteListStatus } | { kind: 'participations'; status: ParticipationListStatus };

/** The tab of `?tab=`; anything unknown (or nothing) is the open tab. */
export function inboxTab(value: string | null): InviteTab {
  return (INVITE_TABS as readonly string[]).includes(value ?? '') ? (value as InviteTab) : 'open';
}

export function inboxList(tab: InviteTab): InboxList {
  return (INVITE_LIST_STATUSES as readonly string[]).includes(tab)
    ? { kind: 'invites', status: tab as InviteListStatus }
    : { kind: 'participations', status: tab as ParticipationListStatus };
}

/** The invitable types the inbox knows how to show; others render "Missing component". */
export const KNOWN_INVITABLE_TYPES: readonly string[] = ['Appointment', 'RecurringAppointment'];
