import { z } from './zod.ts';
import { nameText } from './text.ts';

export const APPOINTMENT_CATEGORY_LIMITS = {
  labelMaxLength: 100,
  /** Categories of a network: the appointment form offers them all in one list. */
  max: 200,
} as const;

export const APPOINTMENT_CATEGORY_ERROR_KEYS = { duplicated: 'duplicated_category' } as const;

/**
 * `PUT /administration/appointment_categories` (administration spec, section 3 "Custom appointment
 * category"): the list as the editor shows it, in its order. An existing category is named by its
 * id; a new one's id equals its label. `_destroy` deletes an existing one.
 */
export const appointmentCategoriesBodySchema = z.object({
  categories: z
    .array(
      z.object({
        id: z.string().trim().min(1, 'required').max(APPOINTMENT_CATEGORY_LIMITS.labelMaxLength, 'too_long'),
        label: nameText(APPOINTMENT_CATEGORY_LIMITS.labelMaxLength),
        _destroy: z.boolean().default(false),
      }),
    )
    .max(APPOINTMENT_CATEGORY_LIMITS.max, 'too_long'),
});
export type AppointmentCategoriesBody = z.input<typeof appointmentCategoriesBodySchema>;
export type AppointmentCategoryEntry = z.input<typeof appointmentCategoriesBodySchema>['categories'][number];

/** Two labels are the same category when they differ only in case or surrounding spaces. */
export function sameCategoryLabel(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
