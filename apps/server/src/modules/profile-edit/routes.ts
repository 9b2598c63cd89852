import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema } from '@agora/contracts';
import type { ProfileEditService } from './service.ts';

const idParams = z.object({ id: z.string().max(64) });
const FORM =
  'Answers the form: member (as GET /members/{id}), values (first_name, last_name, display_name, birthday, show_age, ' +
  "profile_image with its sizes, profile: the stored values of the network's profile properties), properties (the " +
  "network's profile properties in their order) and change_request_fields (the properties a member changes only by " +
  'a change request, where the operator enables them; empty for administrators).';
const BODY =
  'Body `member`, every field optional (left out: unchanged): first_name, last_name (not empty), display_name (empty: ' +
  'first and last name), birthday (YYYY-MM-DD or null), show_age, profile_image_id (an upload of the requesting ' +
  'member from POST /api/storage/images, the current image, or null to remove it), profile (values by property name; ' +
  "null clears one; image and file values are uploads that become the member's). 422 with errors per field, profile " +
  'values as `profile.{name}`: blank (a required property), invalid (a wrong value or no such property), too_long, ' +
  'not_allowed (a change-request field changed by the member). Nothing is saved when anything is refused; a save ' +
  'records membership.profile_updated.';

/** The profile form: `GET /members/{id}/edit`, `PUT /members/{id}`, the onboarding's `GET`/`PUT /onboarding/profile`. */
export function profileEditRoutes(deps: { profileEdit: ProfileEditService }) {
  const service = deps.profileEdit;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/members/:id/edit',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: ['members'],
          summary: "A member's profile form",
          description: `${FORM} 403 without can.update_profile (the member themself or a network administrator); 404 for a member the requesting member may not see.`,
        },
      },
      async (request) => service.editForm(request.actor!, request.params.id),
    );

    r.put(
      '/members/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          body: profileUpdateSchema,
          tags: ['members'],
          summary: "Saves a member's profile",
          description: `${BODY} 403 without can.update_profile. ${FORM}`,
        },
      },
      async (request) => service.update(request.actor!, request.params.id, request.body.member),
    );

    r.get(
      '/onboarding/profile',
      {
        config: { auth: 'member' },
        schema: {
          tags: ['members'],
          summary: "The new member's profile form",
          description: `The requesting member's own profile form, with pending (whether the network still waits for it). ${FORM}`,
        },
      },
      async (request) => service.onboardingForm(request.actor!),
    );

    r.put(
      '/onboarding/profile',
      {
        config: { auth: 'member' },
        schema: {
          body: profileUpdateSchema,
          tags: ['members'],
          summary: "Saves the new member's profile and ends the onboarding",
          description: `${BODY} Required properties must be given (or be stored already). Answers redirect_to, where the app goes next.`,
        },
      },
      async (request) => service.completeOnboarding(request.actor!, request.body.member),
    );
  };
}
