import type { MemberImages } from './member.ts';

/** Error keys of ignoring members (`{errors: {id: [key]}}`, 422). */
export const IGNORED_MEMBER_ERROR_KEYS = {
  /** A member cannot ignore themself. */
  self: 'cannot_ignore_self',
  /** Network administrators reach every member (notices, circular letters): they cannot be ignored. */
  networkAdmin: 'cannot_ignore_network_admin',
  /**
   * A direct message or a new direct chat to a member who ignores the sender: refused
   * (`{errors: {to: [key]}}` for messages, the chat's acknowledgement key for chats).
   */
  ignoredByRecipient: 'ignored_by_recipient',
} as const;

/** A member the current member ignores, as `/members/{id}/ignored` lists them. */
export type IgnoredMember = {
  id: string;
  name: string;
  path: string;
  images: MemberImages;
  is_external: boolean;
  /** When they were ignored. */
  ignored_at: string;
};

/** `GET /api/v1/members/{id}/ignored`: the member's own list, most recently ignored first. */
export type IgnoredMemberList = { ignored_members: IgnoredMember[] };

/** `POST` and `DELETE /api/v1/members/{id}/ignore`: whether the current member now ignores them. */
export type IgnoreState = { id: string; ignored: boolean };
