import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { networkSettingsBodySchema, type NetworkSettingsAdministration } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { networkPolicy } from './policy.ts';
import type { NetworksService } from './service.ts';
import { mergeSettings, presentSettings } from './settings-rules.ts';

const TAGS = ['administration'];
/** The groups the group promotion may name: all of a network's, as its administrators see them. */
const GROUP_OPTIONS_LIMIT = 1000;

/** The network settings (`/administration/settings/edit`), for network administrators. */
export function settingsRoutes(deps: { networks: NetworksService; groups: GroupsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    async function loadAdministrable(actor: Actor) {
      const network = await deps.networks.get(actor.networkId);
      if (!network) throw notFound();
      authorize(networkPolicy, 'administrate', actor, network);
      return network;
    }

    async function options(actor: Actor) {
      const [categories, groups] = await Promise.all([
        deps.groups.categoriesForShell(actor),
        deps.groups.directoryGroups(actor, {
          terms: [],
          onlyMine: false,
          onlyChatEnabled: false,
          limit: GROUP_OPTIONS_LIMIT,
        }),
      ]);
      return {
        group_categories: categories.map((c) => ({ id: c.id, name: c.plural_name || c.name })),
        groups: groups.map((g) => ({ id: g.id, name: g.name })),
      };
    }

    r.get(
      '/administration/settings',
      {
        config: { auth: 'network_admin' },
        schema: {
          tags: TAGS,
          summary: "The network's settings",
          description:
            'Every setting with its current value (defaults filled in), the name and language, the start page; ' +
            'and what the form needs: the operator configuration (`config`), the setting keys it hides (`hidden`), ' +
            'the languages, whether the language may change, and the groups, categories and profile fields to choose from.',
        },
      },
      async (request): Promise<NetworkSettingsAdministration> => {
        const actor = request.actor!;
        const network = await loadAdministrable(actor);
        return presentSettings(deps.networks, network, await options(actor));
      },
    );

    r.put(
      '/administration/settings',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: networkSettingsBodySchema,
          tags: TAGS,
          summary: "Save the network's settings",
          description:
            '`{settings: {...}}` with any of the fields GET answers; those left out keep their value. Settings the ' +
            "operator's configuration hides (GET's `hidden`) are ignored. The rules between fields give 422 with the " +
            'errors keyed by dotted field path (`network_location.zip`, `two_factor_totp_available: selection_required`) ' +
            'and change nothing. Every change is recorded (audit log: PolicySettingUpdate). Answers as GET.',
        },
      },
      async (request): Promise<NetworkSettingsAdministration> => {
        const actor = request.actor!;
        const network = await loadAdministrable(actor);
        const sentGroups = request.body.settings.group_promotion_config?.groups ?? [];
        const [choices, readable] = await Promise.all([options(actor), deps.groups.readableAmong(actor, sentGroups)]);
        const { settings, name, language } = mergeSettings(deps.networks, network, request.body.settings, {
          groupIds: new Set(readable.keys()),
          categoryIds: new Set(choices.group_categories.map((c) => c.id)),
        });
        const saved = await deps.networks.updateSettings(network.id, settings, actor.membershipId, { name, language });
        return presentSettings(deps.networks, saved!, choices);
      },
    );
  };
}
