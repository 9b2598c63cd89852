import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './platform/db/client.ts';
import { requestContext } from './platform/auth/request-context.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { rewriteUrl } from './platform/http/content-negotiation.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { createJobs, type Jobs } from './platform/jobs/jobs.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { outboxRoutes } from './platform/mail/routes.ts';
import { chatTokenRoutes, createChatTokens, createRealtime, realtimePlugin } from './platform/realtime/index.ts';
import {
  createScanner,
  createStorage,
  createStorageDriver,
  NETWORK_OWNER,
  storageRoutes,
} from './platform/storage/index.ts';
import { archiveRoutes } from './platform/storage/archive-routes.ts';
import { imageRoutes } from './platform/storage/image-routes.ts';
import { createUnreadsRegistry, unreadsRoutes } from './platform/unreads/index.ts';
import {
  accountRoutes,
  authenticationTokenRoutes,
  createAccountsService,
  localeSettingsRoutes,
} from './modules/accounts/index.ts';
import { calendarRoutes, createCalendarsService } from './modules/calendars/index.ts';
import { createChatPresence, createChatService } from './modules/chat/index.ts';
import {
  appointmentFeedRoutes,
  appointmentRoutes,
  createAppointmentsService,
  startMeetingRoutes,
  participationRoutes,
  organiserRoutes,
  inboxRoutes,
} from './modules/appointments/index.ts';
import { createDirectoryService, directoryRoutes } from './modules/directory/index.ts';
import { createGroupsService, groupRoutes } from './modules/groups/index.ts';
import { createLegalService, legalRoutes } from './modules/legal/index.ts';
import { createMeetingRoomsService, meetingRoomRoutes } from './modules/meeting-rooms/index.ts';
import { createMembershipRolesService } from './modules/membership-roles/index.ts';
import { createMembersService, memberRoutes } from './modules/members/index.ts';
import { createNetworksService, designRoutes, networkRoutes } from './modules/networks/index.ts';
import { createNotificationsService, notificationRoutes } from './modules/notifications/index.ts';

export type Services = ReturnType<typeof createServices>;
type ServiceLog = { warn(details: object, message: string): void; error(details: object, message: string): void };

/** Every module's service, wired to its dependencies; seeds and tests use the same ones. */
export function createServices(
  database: Database,
  config: Config,
  mailer: Mailer,
  jobs: Jobs,
  log: ServiceLog = { warn: () => {}, error: () => {} },
) {
  const { db } = database;
  const legal = createLegalService(db);
  // Pushes reach nobody until buildApp attaches the realtime server to the HTTP server.
  const realtime = createRealtime({ redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix });
  const unreads = createUnreadsRegistry();
  const networks = createNetworksService(db);
  const members = createMembersService(db);
  const groups = createGroupsService(db);
  const membershipRoles = createMembershipRolesService(db);
  const directory = createDirectoryService({ members, groups, membershipRoles, networks });
  // Registered with the realtime server in buildApp; the chat asks it for partners' presence.
  const chatPresence = createChatPresence({ db, realtime, members, networks, log });
  const accounts = createAccountsService({
    db,
    members,
    mailer,
    publicUrl: config.publicUrl,
    sessionTtlDays: config.sessionTtlDays,
    onSessionEnded: realtime.disconnectSession,
  });
  const notifications = createNotificationsService({ db, members, realtime, unreads });
  const calendars = createCalendarsService({
    db,
    networks,
    groups,
    members,
    feedToken: (userId) => accounts.authenticationToken(userId),
    // network can.create_meetings: the calendars module does not know meeting rooms.
    canCreateMeetings: (networkId) => meetingRooms.canCreateMeetings(networkId),
  });
  const meetingRooms = createMeetingRoomsService({
    db,
    touch: calendars.touch,
    meetingUrlTemplate: config.meetingUrlTemplate,
    // Which bookings are an edited appointment's own is the appointments module's to say.
    bookingHolders: (actor, appointmentId) => appointments.roomBookings.holders(actor, appointmentId),
  });
  // Every network starts with its network calendar, every group with its group calendar.
  networks.onCreated((network) => calendars.ensureDefaults(network.id));
  groups.onCreated((networkId, created) => calendars.addGroupDefaults(networkId, created));
  const storage = createStorage({
    db,
    driver: createStorageDriver(config),
    scanner: createScanner(config.clamdSocket),
    secret: config.sessionSecret,
    maxBytes: config.uploadMaxBytes,
    // The extension filter and the default lock period are network settings.
    networkSettings: async (networkId) => {
      const network = await networks.get(networkId);
      if (!network) throw new Error(`No network ${networkId}`);
      return networks.settings(network);
    },
    jobs,
    log,
  });
  // Registers the storage owner 'appointment' and the calendar deletion listener.
  const appointments = createAppointmentsService({
    db,
    calendars,
    members,
    networks,
    storage,
    groups,
    membershipRoles,
    notifications,
    mailer,
    jobs,
    unreads,
    realtime,
    publicUrl: config.publicUrl,
    accounts,
    meetingRooms,
  });
  // Registers the storage owner 'chat_message' and answers the chat events of every connection.
  const chat = createChatService({
    db,
    members,
    groups,
    networks,
    storage,
    realtime,
    statusOf: (networkId, memberIds) => chatPresence.statusOf(networkId, memberIds),
    log,
  });
  return {
    networks,
    members,
    groups,
    membershipRoles,
    directory,
    accounts,
    legal,
    jobs,
    mailer,
    realtime,
    unreads,
    notifications,
    storage,
    calendars,
    appointments,
    meetingRooms,
    chatPresence,
    chat,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

// Paths of the generated API documentation, served as they come from @fastify/swagger-ui.
const DOCS_PREFIX = '/api/docs';

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    rewriteUrl,
    bodyLimit: 1024 * 1024,
    // Request lines only when debugging: at info the log holds what needs attention.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const jobs = createJobs({ database, log: app.log });
  const mailer = createMailer({
    db: database.db,
    jobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    // The mail imprint belongs to the legal module, which platform code cannot import.
    mailImprint: (networkId) => services.legal.mailImprint(networkId),
    // Attachments are stored objects; their bytes are read when the mail goes out.
    openAttachment: (key) => services.storage.driver.get(key),
  });
  const services = createServices(database, config, mailer, jobs, app.log);
  app.decorate('services', services);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  // Expired sessions are swept hourly (and at start), so the table holds live sessions only.
  // The embedded database has no autovacuum: without the statistics ANALYZE gathers, its
  // planner ignores indexes such as the member search's.
  const sweep = async () => {
    try {
      await services.accounts.deleteExpiredSessions();
      // Volatile uploads never published: the sweep runs on the job queue (pg-boss schedules are off).
      await services.storage.scheduleSweep();
      if (database.kind === 'pglite') await database.db.execute(sql`ANALYZE`);
    } catch (err) {
      app.log.warn({ err }, 'hourly maintenance failed');
    }
  };
  const sweeper = setInterval(sweep, 60 * 60 * 1000);
  sweeper.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // Workers first: a mail being sent still needs its SMTP connection.
    await jobs.stop();
    mailer.close();
    await services.storage.close();
    await redis?.quit();
  });

  // The documentation routes come from a library and are public by nature.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, auth: 'public', network: false };
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Agora API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  await app.register(requestContext, {
    resolveNetwork: services.networks.resolveForHost,
    resolveSession: services.accounts.resolveSession,
  });
  const chatTokens = createChatTokens(config.sessionSecret);
  await app.register(realtimePlugin, {
    realtime: services.realtime,
    resolveNetwork: services.networks.resolveForHost,
    resolveSession: services.accounts.resolveSession,
    resolveSessionById: services.accounts.resolveSessionById,
    chatTokens,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
  });

  services.chatPresence.register();

  app.get('/healthz', { config: { auth: 'public', network: false }, schema: { hide: true } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  await app.register(accountRoutes({ accounts: services.accounts, limits: config.signInLimits }));
  await app.register(networkRoutes({ networks: services.networks, groups: services.groups }));
  await app.register(
    designRoutes({
      networks: services.networks,
      attachImages: (actor, ids) =>
        services.storage
          .attach(actor, ids, { type: NETWORK_OWNER, id: actor.networkId }, { field: 'theme', directory: 'assets' })
          .then(() => undefined),
    }),
  );
  await app.register(memberRoutes({ members: services.members, networks: services.networks }));
  await app.register(groupRoutes({ groups: services.groups }));
  await app.register(directoryRoutes({ directory: services.directory, groups: services.groups }));
  await app.register(localeSettingsRoutes({ accounts: services.accounts, members: services.members }));
  await app.register(notificationRoutes({ notifications: services.notifications }));
  await app.register(authenticationTokenRoutes({ accounts: services.accounts }));
  await app.register(calendarRoutes({ calendars: services.calendars }));
  await app.register(appointmentRoutes({ appointments: services.appointments }));
  await app.register(participationRoutes({ appointments: services.appointments }));
  await app.register(organiserRoutes({ appointments: services.appointments }));
  await app.register(inboxRoutes({ appointments: services.appointments }));
  await app.register(startMeetingRoutes({ appointments: services.appointments }));
  await app.register(meetingRoomRoutes({ meetingRooms: services.meetingRooms }));
  await app.register(appointmentFeedRoutes({ appointments: services.appointments, accounts: services.accounts }));
  await app.register(unreadsRoutes({ unreads: services.unreads }));
  await app.register(legalRoutes({ legal: services.legal }));
  await app.register(outboxRoutes({ outbox: services.mailer.outboxStore }));
  await app.register(storageRoutes({ storage: services.storage }));
  await app.register(imageRoutes({ reader: services.storage, log: app.log }));
  await app.register(chatTokenRoutes(chatTokens));
  await app.register(
    archiveRoutes({
      reader: services.storage,
      secret: config.sessionSecret,
      // The files of a chat message, as one zip: the chat module knows who reads them.
      chatMessageFiles: (actor, messageId) => services.chat.messageFileIds(actor, messageId),
    }),
  );
  await registerWebApp(app, config.webDistDir);

  app.setNotFoundHandler({}, (_request, reply) => reply.code(404).send({ error: 'not_found' }));
  return app;
}
