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
