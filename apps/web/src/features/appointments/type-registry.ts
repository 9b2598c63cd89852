import type { ComponentType } from 'react';
import { APPOINTMENT_TYPES, type Appointment } from '@agora/contracts';

export type AppointmentTypeComponent = ComponentType<{ appointment: Appointment }>;

/**
 * Views and edit forms of non-standard appointment types (calendars spec, section 2: "a
 * non-standard appointment type is handed to a type-specific form or view"), keyed by `type`.
 * None exist yet; a type without an entry gets the standard view and form.
 */
export const appointmentTypeViews: Record<string, AppointmentTypeComponent> = {};
export const appointmentTypeForms: Record<string, AppointmentTypeComponent> = {};

export function isStandardType(type: string): boolean {
  return (APPOINTMENT_TYPES as readonly string[]).includes(type);
}

/** The component registered for a non-standard type, else the standard one. */
export function componentForType(
  registry: Record<string, AppointmentTypeComponent>,
  type: string,
  standard: AppointmentTypeComponent,
): AppointmentTypeComponent {
  if (isStandardType(type)) return standard;
  return Object.hasOwn(registry, type) ? registry[type]! : standard;
}
