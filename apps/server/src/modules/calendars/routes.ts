import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarBodySchema, type Calendar, type CalendarList } from '@agora/contracts';
import type { CalendarsService } from './service.ts';

// A malformed id is an unknown calendar (404), not bad input.
const idParams = z.object({ id: z.string().max(100) });
const tags = ['calendars'];

export function calendarRoutes(deps: { calendars: CalendarsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { calendars } = deps;

    r.get('/calendars', { config: { auth: 'member' }, schema: { tags } }, async (request): Promise<CalendarList> => {
      const actor = request.actor!;
      return { calendars: await calendars.present(actor, await calendars.list(actor)) };
    });

    r.get(
      '/groups/:slug/calendars',
      { config: { auth: 'member' }, schema: { params: z.object({ slug: z.string().max(200) }), tags } },
      async (request): Promise<CalendarList> => {
        const actor = request.actor!;
        return { calendars: await calendars.present(actor, await calendars.listOfGroup(actor, request.params.slug)) };
      },
    );

    r.get(
      '/api/v1/calendars/context',
      {
        config: { auth: 'member' },
        schema: { querystring: z.object({ group_slug: z.string().max(200).optional() }), tags },
      },
      async (request) => calendars.context(request.actor!, request.query.group_slug || undefined),
    );

    r.get(
      '/calendars/:id',
      { config: { auth: 'member' }, schema: { params: idParams, tags } },
      async (request): Promise<Calendar> => {
        const actor = request.actor!;
        const calendar = await calendars.loadForActor(actor, request.params.id);
        const [presented] = await calendars.present(actor, [calendar]);
        return presented!;
      },
    );

    r.post(
      '/calendars',
      { config: { auth: 'member' }, schema: { body: calendarBodySchema, tags } },
      async (request, reply) => {
        const actor = request.actor!;
        const created = await calendars.create(actor, request.body.calendar);
        const [presented] = await calendars.present(actor, [created]);
        return reply.code(201).send(presented);
      },
    );

    r.put(
      '/calendars/:id',
      { config: { auth: 'member' }, schema: { params: idParams, body: calendarBodySchema, tags } },
      async (request): Promise<Calendar> => {
        const actor = request.actor!;
        const calendar = await calendars.loadForActor(actor, request.params.id);
        const saved = await calendars.update(actor, calendar, request.body.calendar);
        const [presented] = await calendars.present(actor, [saved]);
        return presented!;
      },
    );

    r.delete(
      '/calendars/:id',
      { config: { auth: 'member' }, schema: { params: idParams, tags } },
      async (request, reply) => {
        const actor = request.actor!;
        await calendars.destroy(actor, await calendars.loadForActor(actor, request.params.id));
        return reply.code(204).send();
      },
    );

    r.delete(
      '/calendars/:id/share',
      { config: { auth: 'member' }, schema: { params: idParams, tags } },
      async (request, reply) => {
        const actor = request.actor!;
        await calendars.removeShare(actor, await calendars.loadForActor(actor, request.params.id));
        return reply.code(204).send();
      },
    );
  };
}
