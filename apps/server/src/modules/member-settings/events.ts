/** The domain events of members' mail settings. */
export const MEMBER_SETTINGS_EVENTS = {
  updated: 'member_settings.updated',
  emailActivated: 'member_settings.email_activated',
  emailBounced: 'member_settings.email_bounced',
} as const;
