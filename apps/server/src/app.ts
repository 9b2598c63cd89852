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
import { createPlatform } from './platform/create-platform.ts';
import { reportUnavailable } from './platform/db/unavailable.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { eventFailureRoutes } from './platform/events/routes.ts';
import { rewriteUrl } from './platform/http/content-negotiation.ts';
import { registerHealthCheck } from './platform/http/health.ts';
import { refuseUnsafeRequestInput } from './platform/http/input-safety.ts';
import { treatMissingBodyAsEmpty } from './platform/http/missing-body.ts';
import { trustFunction } from './platform/http/trust-proxy.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { writeBudget } from './platform/limits/index.ts';
import { outboxRoutes } from './platform/mail/routes.ts';
import {
  loadModules,
  type LoadedModules,
  type Platform,
  type PlatformLog,
  type ServicesOf,
} from './platform/loader/index.ts';
import { chatTokenRoutes, createChatTokens, realtimePlugin } from './platform/realtime/index.ts';
import { storageRoutes } from './platform/storage/index.ts';
import { imageRoutes } from './platform/storage/image-routes.ts';
import {
  createLibreTranslateProvider,
  createTranslations,
  createTranslationStore,
  translationRoutes,
} from './platform/translations/index.ts';
import { unreadsRoutes } from './platform/unreads/index.ts';
import { accountsModule } from './modules/accounts/module.ts';
import { appointmentsModule } from './modules/appointments/module.ts';
import { auditLogModule } from './modules/audit-log/module.ts';
import { birthdayMailsModule } from './modules/birthday-mails/module.ts';
import { digestMailsModule } from './modules/digest-mails/module.ts';
import { calendarsModule } from './modules/calendars/module.ts';
import { chatModule, chatPresenceModule } from './modules/chat/module.ts';
import { directoryModule } from './modules/directory/module.ts';
import { devicesModule } from './modules/devices/module.ts';
import { externalInvitesModule } from './modules/external-invites/module.ts';
import { groupInvitesModule } from './modules/group-invites/module.ts';
import { groupsModule } from './modules/groups/module.ts';
import { groupMembershipModule } from './modules/groups/membership-module.ts';
import { ignoredMembersModule } from './modules/ignored-members/module.ts';
import { invitesModule } from './modules/invites/module.ts';
import { legalModule } from './modules/legal/module.ts';
import { tileServerSource } from './modules/maps/index.ts';
import { mapsModule } from './modules/maps/module.ts';
import { meetingRoomsModule } from './modules/meeting-rooms/module.ts';
import { messagesModule } from './modules/messages/module.ts';
import { activitiesModule } from './modules/activities/module.ts';
import { filesModule } from './modules/files/module.ts';
import { memberAdministrationModule } from './modules/member-administration/module.ts';
import { membersModule } from './modules/members/module.ts';
import { memberSettingsModule } from './modules/member-settings/module.ts';
import { membershipRolesModule } from './modules/membership-roles/module.ts';
import { navigationModule } from './modules/navigation/module.ts';
import { networksModule } from './modules/networks/module.ts';
import { notificationsModule } from './modules/notifications/module.ts';
import { registrationsModule } from './modules/registrations/module.ts';
import { twoFactorModule } from './modules/two-factor/module.ts';
import { profileEditModule } from './modules/profile-edit/module.ts';
import { changeRequestsModule } from './modules/change-requests/module.ts';
import { propertySetsModule } from './modules/property-sets/module.ts';
import { searchModule } from './modules/search/module.ts';

/** Every server module; the loader orders them by what they need and refuses a cycle. */
export const MODULES = [
  legalModule,
  groupsModule,
  networksModule,
  membersModule,
  ignoredMembersModule,
  membershipRolesModule,
  propertySetsModule,
  directoryModule,
  accountsModule,
  memberSettingsModule,
  notificationsModule,
  devicesModule,
  meetingRoomsModule,
  calendarsModule,
  invitesModule,
  groupInvitesModule,
  externalInvitesModule,
  appointmentsModule,
  chatPresenceModule,
  chatModule,
  auditLogModule,
  birthdayMailsModule,
  groupMembershipModule,
  mapsModule,
  memberAdministrationModule,
  registrationsModule,
  twoFactorModule,
  profileEditModule,
  changeRequestsModule,
  navigationModule,
  messagesModule,
  activitiesModule,
  digestMailsModule,
  filesModule,
  searchModule,
] as const;

/** The platform's services and every module's, by name; seeds and tests use the same ones. */
export type Services = Omit<Platform, 'database' | 'db' | 'config' | 'log'> & ServicesOf<typeof MODULES>;

/** The platform and the modules made on it, with what the app registers from them. */
export function createServices(
  database: Database,
  config: Config,
  log?: PlatformLog,
): Services & { modules: LoadedModules } {
  const platform = createPlatform(database, config, log);
  const modules = loadModules(platform, MODULES);
  // Its event types are those of every source: known now, before any event is recorded.
  platform.search.registerProcessor();
  const { database: _database, db: _db, config: _config, log: _log, ...platformServices } = platform;
  return { ...platformServices, ...(modules.services as ServicesOf<typeof MODULES>), modules };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

// Paths of the generated API documentation, served as they come from @fastify/swagger-ui.
const DOCS_PREFIX = '/api/docs';

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  // One rule for HTTP requests and the realtime handshake alike.
  const trustProxy = trustFunction(config.trustProxy);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy,
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
  treatMissingBodyAsEmpty(app);
  refuseUnsafeRequestInput(app);

  const services = createServices(database, config, app.log);
  app.decorate('services', services);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  // While Redis is away the client reconnects; /healthz tells, the log says so once a minute.
  redis?.on('error', (err) => reportUnavailable(app.log, err, 'redis'));
  // Expired sessions are swept hourly (and at start), so the table holds live sessions only.
  // The embedded database has no autovacuum: without the statistics ANALYZE gathers, its
  // planner ignores indexes such as the member search's.
  const sweep = async () => {
    try {
      await services.accounts.deleteExpiredSessions();
      // Volatile uploads never published: the sweep runs on the job queue (pg-boss schedules are off).
      await services.storage.scheduleSweep();
      await services.events.sweep();
      // Members' addresses new or changed since: geocoded by a job (nothing without a geocoder).
      await services.maps.scheduleGeocoding();
      if (database.kind === 'pglite') await database.db.execute(sql`ANALYZE`);
    } catch (err) {
      app.log.warn({ err }, 'hourly maintenance failed');
    }
  };
  const sweeper = setInterval(sweep, 60 * 60 * 1000);
  sweeper.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onReady', () => services.jobs.start());
  app.addHook('onReady', async () => services.events.start());
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // Workers first: a mail being sent still needs its SMTP connection.
    await services.events.stop();
    await services.jobs.stop();
    services.mailer.close();
    await services.storage.close();
    await services.limits.close();
    await services.cache.close();
    await redis?.quit();
  });

  // The documentation routes come from a library and are public by nature.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, auth: 'public', network: false };
  });

  const mapTileSources = config.mapTiles ? [tileServerSource(config.mapTiles.urlTemplate)] : [];
  // The editor host page posts to the office server (WOPI_DISCOVERY_URL) and frames its editor.
  const officeSources = config.wopiDiscoveryUrl ? [new URL(config.wopiDiscoveryUrl).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map tiles come from the tile server named by MAP_TILE_URL.
        imgSrc: ["'self'", 'data:', 'blob:', ...mapTileSources],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", ...officeSources],
        formAction: ["'self'", ...officeSources],
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
  // Once the member is known: each write of theirs draws from their budget.
  await app.register(writeBudget, { limits: services.limits });
  const chatTokens = createChatTokens(config.sessionSecret);
  await app.register(realtimePlugin, {
    realtime: services.realtime,
    resolveNetwork: services.networks.resolveForHost,
    resolveSession: services.accounts.resolveSession,
    resolveSessionById: services.accounts.resolveSessionById,
    chatTokens,
    trustProxy,
    publicUrl: config.publicUrl,
  });

  await services.modules.ready();

  registerHealthCheck(app, { database, redis });

  for (const routes of services.modules.routes) await app.register(routes);
  // The platform's own routes.
  await app.register(unreadsRoutes({ unreads: services.unreads }));
  await app.register(outboxRoutes({ outbox: services.mailer.outboxStore }));
  await app.register(eventFailureRoutes({ events: services.events }));
  await app.register(storageRoutes({ storage: services.storage }));
  await app.register(imageRoutes({ reader: services.storage, log: app.log }));
  await app.register(chatTokenRoutes(chatTokens));
  const translations = createTranslations({
    provider: config.translation ? createLibreTranslateProvider(config.translation) : null,
    sources: services.modules.translatables,
    store: createTranslationStore(database.db),
    limits: services.limits,
    log: app.log,
  });
  await app.register(translationRoutes({ translations }));
  await registerWebApp(app, config.webDistDir);

  app.setNotFoundHandler({}, (_request, reply) => reply.code(404).send({ error: 'not_found' }));
  return app;
}
