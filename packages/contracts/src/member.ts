import { z } from 'zod';
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
  };
};

/** `GET, PUT /members/{id}/locale_settings`: null follows the network's language. */
export type LocaleSettings = { locale: Locale | null; network_language: Locale };
export const localeSettingsBodySchema = z.object({
  locale_settings: z.object({ locale: z.enum(LOCALES).nullable() }),
});
export type LocaleSettingsBody = z.infer<typeof localeSettingsBodySchema>;
