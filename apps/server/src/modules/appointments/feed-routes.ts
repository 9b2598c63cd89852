import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_KEYS, type CalendarFeed } from '@agora/contracts';
import { unauthorized } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { contentDisposition } from '../../platform/storage/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { FeedSite } from './feeds.ts';
import type { AppointmentsService } from './service.ts';

const TAGS = ['appointments'];
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const feedQuery = z.object({ auth_token: z.string().max(200).optional() });

/** The site the request came to: where the feed's links point and what its UIDs end with. */
function siteOf(request: FastifyRequest): FeedSite {
  return {
    origin: `${request.protocol}://${request.host}`,
    host: request.hostname,
    networkName: request.network.name,
  };
}

/**
 * The calendar feeds (calendars spec, section 7) and the iCal download of one appointment.
 * Calendar apps cannot send the session cookie: the member's `auth_token` in the URL stands
 * in for it. A wrong or missing token is a 401, unless a session signs the request.
 *
 * The paths end in `.ics`: content negotiation leaves paths with an extension to the routes
 * (it never answers them with the web app), and Fastify's router matches the static suffix of
 * `/appointments/:id.ics` before the plain `/appointments/:id`.
 */
export function appointmentFeedRoutes(deps: { appointments: AppointmentsService; accounts: AccountsService }) {
  const { appointments } = deps;

  async function feedActor(request: FastifyRequest<{ Querystring: z.infer<typeof feedQuery> }>): Promise<Actor> {
    const token = request.query.auth_token;
    const byToken = token ? await deps.accounts.actorForFeedToken(request.network, token) : null;
    const actor = byToken ?? request.actor;
    if (!actor) throw unauthorized(token ? ERROR_KEYS.invalidToken : ERROR_KEYS.unauthorized);
    return actor;
  }

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const feeds: Array<[string, CalendarFeed]> = [
      ['/appointments.ics', 'appointments'],
      ['/appointments/participating.ics', 'participating'],
      ['/calendars/my/appointments.ics', 'my'],
      ['/calendars/shared/appointments.ics', 'shared'],
      ['/calendars/all/appointments.ics', 'all'],
    ];
    for (const [path, feed] of feeds) {
      r.get(
        path,
        { config: { auth: 'public' }, schema: { querystring: feedQuery, tags: TAGS } },
        async (request, reply) => {
          const body = await appointments.feed(await feedActor(request), siteOf(request), feed, null);
          return reply.type(CALENDAR_TYPE).header('cache-control', 'private, no-cache').send(body);
        },
      );
    }

    r.get(
      '/calendars/:id/appointments.ics',
      {
        config: { auth: 'public' },
        schema: { params: z.object({ id: z.string().max(64) }), querystring: feedQuery, tags: TAGS },
      },
      async (request, reply) => {
        const actor = await feedActor(request);
        const body = await appointments.feed(actor, siteOf(request), 'calendar', request.params.id);
        return reply.type(CALENDAR_TYPE).header('cache-control', 'private, no-cache').send(body);
      },
    );

    r.get(
      '/appointments/:id.ics',
      {
        config: { auth: 'public' },
        schema: { params: z.object({ id: z.string().max(64) }), querystring: feedQuery, tags: TAGS },
      },
      async (request, reply) => {
        const actor = await feedActor(request);
        const loaded = await appointments.load(actor, request.params.id);
        const body = await appointments.ics(actor, siteOf(request), loaded);
        return reply
          .type(CALENDAR_TYPE)
          .header('cache-control', 'private, no-cache')
          .header('content-disposition', contentDisposition('attachment', `${loaded.row.name}.ics`))
          .send(body);
      },
    );
  };
}
