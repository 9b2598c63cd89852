import { z } from './zod.ts';
import type { MemberOption } from './directory.ts';
import { idSchema } from './ids.ts';

/** `POST /administration/group-categories/{slug}/admins`: the member made an admin of the category. */
export const categoryAdminBodySchema = z.object({ membership_id: idSchema });
export type CategoryAdminBody = z.input<typeof categoryAdminBodySchema>;

/** An administrator of a group category (who administrates every group in it). */
export type CategoryAdmin = MemberOption & { path: string };

export const CATEGORY_ADMIN_LIMITS = {
  /** Administrators of one category: the page lists them all. */
  max: 100,
} as const;
