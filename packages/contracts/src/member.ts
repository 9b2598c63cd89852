import { z } from './zod.ts';
import { LOCALES, type Locale } from './locales.ts';

/** Image URLs of a member in the sizes the web app shows. */
export type MemberImages = { small: string | null; medium: string | null; large: string | null };

/** The current member as the page header shows it (administration spec, section 3). */
export type CurrentMember = {
  id: string;
  displayName: string;
  name: string;
  first_name: string;
  last_name: string;
  path: string;
  images: MemberImages;
  is_external: boolean;
  network_admin: boolean;
  profile: Record<string, { value: unknown; displayValue?: string }>;
  birthday: string | null;
  birthday_is_today: boolean;
  age: number | null;
  /** The network asked for profile data on joining and the member has not given it yet: the app sends them to /onboarding/profile. */
  onboarding_pending?: boolean;
};

/** A member as other members see it. */
export type Member = {
  id: string;
  name: string;
  displayName: string;
  first_name: string;
  last_name: string;
  path: string;
  images: MemberImages;
  is_external: boolean;
  minister: boolean;
  locked: boolean;
  can: {
    update_registration: boolean;
    update_profile: boolean;
    edit: boolean;
    edit_groups: boolean;
    destroy: boolean;
    chat: boolean;
    create_channels: boolean;
    /** Whether the viewer may ignore them (not themself, not a network administrator). */
    ignore: boolean;
  };
};

/**
 * A flag in `memberships.profile`: the member shows their age beside their birthday. Without it
 * only day and month are shown (the birthday widget's `show_age` also defaults to false).
 */
export const PROFILE_SHOW_AGE_KEY = 'show_age';

/** At most this many of a member's groups are listed on their profile. */
export const MEMBER_PROFILE_GROUPS_LIMIT = 100;

/** One profile value as the profile shows it: the key (labelled by the web app) and its text. */
export type MemberProfileField = { key: string; value: string };

/** A group of the member that the viewer may see. */
export type MemberProfileGroup = {
  id: string;
  slug: string;
  name: string;
  path: string;
  archived: boolean;
  /** The member administrates the group. */
  admin: boolean;
  category: { id: string; name: string; plural_name: string };
};

/**
 * `GET /members/{id}`: the member (section 3) with what their profile page shows the viewer.
 * `birthday` carries no year: the age is there only where the member shows it.
 */
export type MemberProfile = Member & {
  /** The network's `detection_profile_field` value, shown under the name to tell namesakes apart. */
  detection: MemberProfileField | null;
  /** The network's `directory_profile_fields`, then its `directory_filter_profile_fields`, that the member filled in. */
  profile_fields: MemberProfileField[];
  birthday: { day: number; month: number; age: number | null; is_today: boolean } | null;
  groups: MemberProfileGroup[];
  /** More groups exist than MEMBER_PROFILE_GROUPS_LIMIT. */
  more_groups: boolean;
  /** What the viewer can do to reach the member: `chat` opens a direct chat with them. */
  contact: { chat: boolean };
};

/** `GET, PUT /members/{id}/locale_settings`: null follows the network's language. */
export type LocaleSettings = { locale: Locale | null; network_language: Locale };
export const localeSettingsBodySchema = z.object({
  locale_settings: z.object({ locale: z.enum(LOCALES).nullable() }),
});
export type LocaleSettingsBody = z.infer<typeof localeSettingsBodySchema>;
