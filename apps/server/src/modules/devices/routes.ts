import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceBodySchema, devicePushSettingsBodySchema, idSchema, webUrlSchema } from '@agora/contracts';
import { setSessionCookie } from '../../platform/auth/request-context.ts';
import type { DevicesService } from './service.ts';

const TAGS = ['devices'];
const SETTINGS_ANSWER =
  "Answers `{device, settings}`: `settings` holds every category (`messages`, `activities`, `groups`, `invites`, `appointments`, `files`, `administration`, `general`) with a boolean flag per notification type; a new device has every flag on. Another member's device is a 404.";

/** The devices calls of the administration spec (section 7) and the app's web view sign-in. */
export function deviceRoutes(deps: { devices: DevicesService; sessionMaxAgeSeconds: number }) {
  const { devices } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/v1/devices',
      {
        config: { auth: 'member' },
        schema: {
          body: deviceBodySchema,
          tags: TAGS,
          summary: "Registers the member's device for push notifications",
          description: `Body \`{device: {platform, token, name, keys}}\`: \`platform\` is \`web\`, \`ios\` or \`android\`; for \`web\`, \`token\` is the Web Push subscription's endpoint, which must be an https URL of a public host (422 \`invalid_url\` or \`address_not_allowed\` on \`device.token\`), and \`keys\` its \`p256dh\` and \`auth\`; for the apps, the platform's push token. Registering a token the member registered before refreshes that device (name, keys, last seen) and keeps its settings. ${SETTINGS_ANSWER}`,
        },
      },
      async (request) => devices.register(request.actor!, request.body.device),
    );

    r.delete(
      '/api/v1/devices/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ id: idSchema.describe('The device id.') }),
          tags: TAGS,
          summary: "Removes one of the member's devices",
          description: "The device gets no more pushes; 204. Another member's device is a 404.",
        },
      },
      async (request, reply) => {
        await devices.remove(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );

    const settingsParams = z.object({ deviceId: idSchema.describe('The device id.') });

    r.get(
      '/api/v1/devices/:deviceId/settings',
      {
        config: { auth: 'member' },
        schema: {
          params: settingsParams,
          tags: TAGS,
          summary: "A device's push settings",
          description: SETTINGS_ANSWER,
        },
      },
      async (request) => devices.settings(request.actor!, request.params.deviceId),
    );

    r.post(
      '/api/v1/devices/:deviceId/settings',
      {
        config: { auth: 'member' },
        schema: {
          params: settingsParams,
          body: devicePushSettingsBodySchema,
          tags: TAGS,
          summary: "Changes a device's push settings",
          description: `Body \`{settings: {category: {flag: boolean}}}\`: the flags to change; those left out stay. Unknown categories or flags are a 422. ${SETTINGS_ANSWER}`,
        },
      },
      async (request) => devices.updateSettings(request.actor!, request.params.deviceId, request.body),
    );

    r.get(
      '/api/v1/devices/web-push-key',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'The Web Push public key',
          description:
            'Answers `{public_key}`: the VAPID public key a browser subscribes with (`applicationServerKey`), null while the server sends no Web Push (VAPID keys not configured).',
        },
      },
      async () => devices.webPushKey(),
    );

    r.get(
      '/api/v1/get-web-token',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: "A token for the mobile app's web view",
          description:
            'Answers `{token, expires_at, expires_in}`: a one-time token, valid for a minute, tied to the calling session. The app opens `/api/v1/web-session?token={token}&redirect={path}` in its web view, which signs the web view in as the same member and continues at the path (e.g. `/members/{membershipId}/settings/edit?tab=push&device_id={deviceId}`).',
        },
      },
      async (request) => devices.webToken(request.actor!),
    );

    r.get(
      '/api/v1/web-session',
      {
        config: { auth: 'public' },
        schema: {
          querystring: z.object({
            token: z.string().max(1000).describe('The token of `GET /api/v1/get-web-token`.'),
            redirect: webUrlSchema({ absolute: false })
              .optional()
              .describe('A path on this server to continue at; `/` by default.'),
          }),
          tags: TAGS,
          summary: "Signs the app's web view in",
          description:
            "Exchanges a web token (once, within its minute, while the app's session lasts) for a session cookie of the same member and redirects (303) to `redirect`. 401 for a wrong, expired or used token.",
        },
      },
      async (request, reply) => {
        const { token } = await devices.openWebSession(request.network, request.query.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(request, reply, token, deps.sessionMaxAgeSeconds);
        return reply.redirect(request.query.redirect || '/', 303);
      },
    );
  };
}
