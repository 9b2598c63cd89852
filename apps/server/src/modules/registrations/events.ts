/** The domain events of registrations; processors and the audit log read them. */
export const REGISTRATION_EVENTS = {
  /** Someone signed up where joining is moderated: `changes.email`, `first_name`, `last_name`. */
  created: 'registration.created',
  /** An administrator let them in: `changes.membership_id`. */
  approved: 'registration.approved',
  rejected: 'registration.rejected',
} as const;
