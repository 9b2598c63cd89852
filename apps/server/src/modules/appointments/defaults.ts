import { APPOINTMENT_LIMITS } from '@agora/contracts';
import type {
  StoredApplicationConfiguration,
  StoredAttendeeConfiguration,
  StoredLocation,
  StoredMeeting,
  StoredTeams,
} from './tables.ts';

/** The settings of an appointment nobody filled in (seeds, imports). */
export const EMPTY_LOCATION: StoredLocation = {
  name: null,
  address1: null,
  address2: null,
  zip: null,
  city: null,
  country: null,
  link: null,
  meeting_link_type: null,
};
export const EMPTY_MEETING: StoredMeeting = {
  room_id: null,
  join_url: null,
  conference_call_phone_number: null,
  conference_call_access_code: null,
  app_url: null,
};
export const DEFAULT_TEAMS: StoredTeams = {
  teams_sync_enabled: false,
  online_meeting: false,
  bypass_lobby: false,
  join_url: null,
  teams_event: false,
};
export const DEFAULT_ATTENDEE_CONFIGURATION: StoredAttendeeConfiguration = {
  total: null,
  total_attendees_enforced: false,
  user_can_opt: true,
  show_participants_to_admins_only: false,
  participation_locked: false,
};
export const DEFAULT_APPLICATION_CONFIGURATION: StoredApplicationConfiguration = {
  registration_required: false,
  registration_deadline: null,
  registration_with_costs: false,
  costs: null,
  currency: APPOINTMENT_LIMITS.defaultCurrency,
  url: null,
};
