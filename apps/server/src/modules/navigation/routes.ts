import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_NAVIGATION_ICONS,
  APP_NAVIGATION_LIMITS,
  appNavigationBodySchema,
  navigationBodySchema,
  NAVIGATION_LIMITS,
  type AppNavigationItem,
  type NavigationAppOption,
  type NavigationItem,
  type NavigationPageOption,
} from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { NavigationService } from './service.ts';

const TAGS = ['navigation'];
const slugParams = z.object({ slug: z.string().max(200) });
const ITEMS = `Items have \`text\` (at most ${NAVIGATION_LIMITS.text} characters), \`link\` (http, https or a path here), \`public\`, \`new_window\` and \`navigation_items\` (children), at most ${NAVIGATION_LIMITS.maxDepth} levels below the top.`;
const SAVE = `Replaces every item. ${ITEMS} An item needs text and a link or children (422 \`message_empty_fields\` on \`text\` or \`link\`); deeper children answer \`too_deep\`. Nothing is changed on a 422. Records \`navigation.updated\` with what changed.`;
const NO_PAGES = 'The link picker lists them; the network has none yet, so the list is empty.';

/**
 * The navigation editors' calls (`/administration/navigation`, the same under
 * `/groups/{slug}/administration`, `/administration/app_navigation`) and the navigation members
 * and visitors see. Paths ending in `.json` reach these calls through the content negotiation.
 */
export function navigationRoutes(deps: { navigation: NavigationService; groups: GroupsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const groupOf = (actor: Actor, slug: string) => deps.groups.loadForActor(actor, slug);

    r.get(
      '/administration/navigation',
      {
        config: { auth: 'network_admin' },
        schema: {
          tags: TAGS,
          summary: "The network's web navigation for its editor",
          description: `For network admins. ${ITEMS} \`updated_at\` is null until the first save.`,
        },
      },
      (request) => deps.navigation.edit(request.actor!, null),
    );

    r.put(
      '/administration/navigation',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: navigationBodySchema,
          tags: TAGS,
          summary: "Saves the network's web navigation",
          description: SAVE,
        },
      },
      (request) => deps.navigation.save(request.actor!, null, request.body.navigation_items as NavigationItem[]),
    );

    r.get(
      '/groups/:slug/administration/navigation',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          tags: TAGS,
          summary: "A group's navigation for its editor",
          description: `For the group's admins, its category's and the network's (403 otherwise; 404 for a group the member cannot see). ${ITEMS}`,
        },
      },
      async (request) => deps.navigation.edit(request.actor!, await groupOf(request.actor!, request.params.slug)),
    );

    r.put(
      '/groups/:slug/administration/navigation',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          body: navigationBodySchema,
          tags: TAGS,
          summary: "Saves a group's navigation",
          description: `For the group's admins, its category's and the network's (403 otherwise, also for an archived group). ${SAVE}`,
        },
      },
      async (request) => {
        const actor = request.actor!;
        const group = await groupOf(actor, request.params.slug);
        return deps.navigation.save(actor, group, request.body.navigation_items as NavigationItem[]);
      },
    );

    // The link pickers' lists: pages and apps are not part of the platform yet.
    for (const prefix of ['', '/groups/:slug']) {
      const params = prefix ? { params: slugParams } : {};
      const auth = prefix ? ('member' as const) : ('network_admin' as const);
      const check = async (actor: Actor, slug: string | undefined) => {
        if (slug) await deps.navigation.edit(actor, await groupOf(actor, slug));
      };
      r.get(
        `${prefix}/administration/pages`,
        {
          config: { auth },
          schema: {
            ...params,
            tags: TAGS,
            summary: 'Pages the navigation may link to',
            description: `\`{pages: [{id, title, path}]}\` for those who edit the navigation. ${NO_PAGES}`,
          },
        },
        async (request): Promise<{ pages: NavigationPageOption[] }> => {
          await check(request.actor!, (request.params as { slug?: string }).slug);
          return { pages: [] };
        },
      );
      r.get(
        `${prefix}/administration/apps`,
        {
          config: { auth },
          schema: {
            ...params,
            tags: TAGS,
            summary: 'Apps the navigation may link to',
            description: `\`{apps: [{id, name, path}]}\` for those who edit the navigation. ${NO_PAGES}`,
          },
        },
        async (request): Promise<{ apps: NavigationAppOption[] }> => {
          await check(request.actor!, (request.params as { slug?: string }).slug);
          return { apps: [] };
        },
      );
    }

    r.get(
      '/api/v1/navigation',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: "The network's navigation for the header",
          description: `Every item, for members. ${ITEMS}`,
        },
      },
      (request) => deps.navigation.read(request.actor!, null),
    );

    r.get(
      '/api/v1/groups/:slug/navigation',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          tags: TAGS,
          summary: "A group's navigation, shown on the group's pages",
          description: `For those who can see the group (404 otherwise). ${ITEMS}`,
        },
      },
      async (request) => deps.navigation.read(request.actor!, await groupOf(request.actor!, request.params.slug)),
    );

    r.get(
      '/api/v1/public_navigation',
      {
        config: { auth: 'public' },
        schema: {
          tags: TAGS,
          summary: "The network's public navigation",
          description: `Only the items marked \`public\` (and their public children), for anonymous visitors of the public pages (imprint, legal texts, sign-in). ${ITEMS}`,
        },
      },
      (request) => deps.navigation.readPublic(request.network.id),
    );

    r.get(
      '/administration/app_navigation',
      {
        config: { auth: 'network_admin' },
        schema: {
          tags: TAGS,
          summary: "The mobile app's navigation",
          description: `Exactly ${APP_NAVIGATION_LIMITS.items} items \`{id, label, type, icon, isEntryPoint, isDefault, options}\`; until it is first saved, the defaults (four screens and the more menu) and \`updated_at\` null.`,
        },
      },
      (request) => deps.navigation.appNavigation(request.network.id, request.network.language),
    );

    r.put(
      '/administration/app_navigation',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: appNavigationBodySchema,
          tags: TAGS,
          summary: "Saves the mobile app's navigation",
          description:
            `Exactly ${APP_NAVIGATION_LIMITS.items} items (422 \`exactly_five_items\` on \`items\`), exactly one entry point that is no link and not the more menu (\`exactly_one_entry_point\`), the more menu last (\`more_item_last\`), each screen of the app once (\`duplicated_default\`). ` +
            `Icons: ${APP_NAVIGATION_ICONS.join(', ')}. A link needs a valid http or https \`options.url\`; links to this host open in the webview whatever \`open_in\` says. Page and stream items need \`options.page\` or \`options.activitystream\`. Records \`app_navigation.updated\`.`,
        },
      },
      (request) =>
        deps.navigation.saveAppNavigation(request.actor!, request.body.items as AppNavigationItem[], {
          host: request.host,
          language: request.network.language,
        }),
    );
  };
}
