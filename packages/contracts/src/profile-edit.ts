import { z } from './zod.ts';
import { daySchema } from './dates.ts';
import { ERROR_KEYS } from './errors.ts';
import type { Member, MemberImages } from './member.ts';
import type { Property } from './property-sets.ts';
import { lineText, longText, nameText } from './text.ts';

export const PROFILE_EDIT_LIMITS = {
  name: 100,
  /** Values sent at once: more than any profile has properties. */
  valuesMax: 100,
  comment: 2000,
} as const;

/** Profile values by property name; each checked against the network's profile properties. */
const profileValuesSchema = z
  .record(z.string().max(40, ERROR_KEYS.invalid), z.unknown())
  .refine((values) => Object.keys(values).length <= PROFILE_EDIT_LIMITS.valuesMax, { message: ERROR_KEYS.tooLong });

/**
 * `PUT /members/{id}` and `PUT /onboarding/profile`: every field optional (left out: unchanged).
 * Errors of profile values are answered per property as `profile.{name}`.
 */
export const profileUpdateSchema = z.object({
  member: z.object({
    first_name: nameText(PROFILE_EDIT_LIMITS.name).optional(),
    last_name: nameText(PROFILE_EDIT_LIMITS.name).optional(),
    /** Empty: the name is first and last name. */
    display_name: lineText(PROFILE_EDIT_LIMITS.name)
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
    birthday: daySchema.nullish(),
    /** Whether the profile shows the age beside the birthday. */
    show_age: z.boolean().optional(),
    /** An upload (volatile, from `POST /api/storage/images`) or the current image; null removes it. */
    profile_image_id: z.string().max(64, ERROR_KEYS.invalid).nullish(),
    profile: profileValuesSchema.optional(),
  }),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>['member'];

/** What the profile form edits (`GET /members/{id}/edit`, `GET /onboarding/profile`). */
export type ProfileForm = {
  member: Member;
  values: {
    first_name: string;
    last_name: string;
    display_name: string | null;
    birthday: string | null;
    show_age: boolean;
    profile_image: { id: string; images: MemberImages } | null;
    profile: Record<string, unknown>;
  };
  /** The network's profile properties, in their order. */
  properties: Property[];
  /** Properties a member changes by a change request only (empty unless change requests are on). */
  change_request_fields: string[];
};

/** `PUT /onboarding/profile`: where the web app goes next. */
export type OnboardingAnswer = { redirect_to: string };

export const CHANGE_REQUEST_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type ChangeRequestStatusName = (typeof CHANGE_REQUEST_STATUSES)[number];

/** `POST /change_requests`: values only of the network's change-request fields (others: 422 `not_allowed`). */
export const changeRequestInputSchema = z.object({
  change_request: z.object({
    /** Whose profile; left out: the author's own. */
    membership_id: z.string().max(64, ERROR_KEYS.invalid).optional(),
    profile: profileValuesSchema,
    comment: longText(PROFILE_EDIT_LIMITS.comment).nullish(),
  }),
});
export type ChangeRequestInput = z.input<typeof changeRequestInputSchema>['change_request'];

/** One requested change: the property, the value now and the value asked for (with display texts). */
export type ChangeRequestChange = {
  name: string;
  label: string;
  current: unknown;
  current_display: string | null;
  requested: unknown;
  requested_display: string | null;
};

export type ChangeRequest = {
  id: string;
  status: ChangeRequestStatusName;
  member: { id: string; displayName: string; path: string; images: MemberImages };
  author: { id: string; displayName: string; path: string };
  comment: string | null;
  changes: ChangeRequestChange[];
  created_at: string;
  decided_at: string | null;
  can: { accept: boolean; reject: boolean };
};

/** `GET /change_requests/new?membership_id=`: what the request form offers. */
export type ChangeRequestForm = {
  member: { id: string; displayName: string; path: string };
  properties: Property[];
  values: Record<string, unknown>;
};

export type ChangeRequestPage = { items: ChangeRequest[]; total: number; page: number; per: number };

export const changeRequestListQuerySchema = z.object({
  status: z.enum(CHANGE_REQUEST_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(25),
});
