import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meetingRoomBodySchema, meetingRoomsQuerySchema } from '@agora/contracts';
import type { BookingHolders, MeetingRoomsService } from './service.ts';

const TAGS = ['meeting_rooms'];
const idParams = z.object({ id: z.string().max(64) });

/**
 * `GET /meeting_rooms` (calendars spec, section 7), the appointment form's room picker: which
 * bookings are the edited appointment's own is the appointments module's to say, which
 * registers this route.
 */
export function meetingRoomPickerRoutes(deps: { meetingRooms: MeetingRoomsService; bookingHolders: BookingHolders }) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/meeting_rooms',
        { config: { auth: 'member' }, schema: { querystring: meetingRoomsQuerySchema, tags: TAGS } },
        async (request) => deps.meetingRooms.list(request.actor!, request.query, deps.bookingHolders),
      );
  };
}

/** The rooms' administration. */
export function meetingRoomRoutes(deps: { meetingRooms: MeetingRoomsService }) {
  const { meetingRooms } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/administration/meeting_rooms',
      { config: { auth: 'network_admin' }, schema: { tags: ['administration'] } },
      async (request) => meetingRooms.adminList(request.actor!),
    );

    r.post(
      '/administration/meeting_rooms',
      { config: { auth: 'network_admin' }, schema: { body: meetingRoomBodySchema, tags: ['administration'] } },
      async (request, reply) => {
        const created = await meetingRooms.create(request.actor!, request.body);
        return reply.code(201).send(created);
      },
    );

    r.put(
      '/administration/meeting_rooms/:id',
      {
        config: { auth: 'network_admin' },
        schema: { params: idParams, body: meetingRoomBodySchema, tags: ['administration'] },
      },
      async (request) => meetingRooms.rename(request.actor!, request.params.id, request.body),
    );

    r.delete(
      '/administration/meeting_rooms/:id',
      { config: { auth: 'network_admin' }, schema: { params: idParams, tags: ['administration'] } },
      async (request, reply) => {
        await meetingRooms.destroy(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
