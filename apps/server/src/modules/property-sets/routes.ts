import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROPERTY_SET_CONTEXT_TYPES, propertySetInputSchema, type PropertySet } from '@agora/contracts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { PropertySetContext, PropertySetsService } from './service.ts';

const TAGS = ['property_sets'];

const params = z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/) });
const query = z.object({
  context_type: z.enum(PROPERTY_SET_CONTEXT_TYPES).optional(),
  context_id: z.string().min(1).max(64).optional(),
  /** A context without its own set answers the network's (as a modified set adding nothing). */
  inherit: z.enum(['true', 'false', '1', '0']).optional(),
});

const CONTEXT_RULES =
  'With `context_type=group&context_id={group id}` the set of one group (404 for a group the member cannot see).';

/** `GET`/`PUT /api/v1/property_sets/{name}` (spec, section 7): the member profile is `profile`. */
export function propertySetRoutes(deps: {
  propertySets: PropertySetsService;
  groups: Pick<GroupsService, 'loadByIdForActor'>;
}) {
  const { propertySets, groups } = deps;

  async function contextOf(actor: Actor, q: z.infer<typeof query>): Promise<PropertySetContext> {
    if (!q.context_type && !q.context_id) return null;
    if (!q.context_type) throw unprocessable({ context_type: ['blank'] });
    if (!q.context_id) throw unprocessable({ context_id: ['blank'] });
    const subject = await groups.loadByIdForActor(actor, q.context_id);
    return { type: q.context_type, id: subject.group.id };
  }

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/property_sets/:name',
      {
        config: { auth: 'member' },
        schema: {
          params,
          querystring: query,
          tags: TAGS,
          summary: 'A property set',
          description:
            "`{name, type, properties, parent_property_set, modifications}`. The network's `profile` always answers: " +
            "stored, else the fixed profile fields labelled in the network's language. " +
            `${CONTEXT_RULES} A context without its own set is 404 unless \`inherit=true\`, which answers the ` +
            "network's set as a `modified` set adding nothing. Other names without a stored set are 404.",
        },
      },
      async (request): Promise<PropertySet> => {
        const actor = request.actor!;
        const context = await contextOf(actor, request.query);
        const inherit = request.query.inherit === 'true' || request.query.inherit === '1';
        const set = await propertySets.read(actor.networkId, request.params.name, context, inherit);
        if (!set) throw notFound();
        return set;
      },
    );

    r.put(
      '/api/v1/property_sets/:name',
      {
        config: { auth: 'network_admin' },
        schema: {
          params,
          querystring: query.omit({ inherit: true }),
          body: propertySetInputSchema,
          tags: TAGS,
          summary: 'Save a property set as a whole',
          description:
            'Network administrators. `{type?, properties, modifications?}`: `basic` (default) saves the properties ' +
            '(name `^[a-z][a-z0-9_]*$`, label, type, selection options and `multiple`, `required`); a property keeps ' +
            'the type it was saved with (`properties.{i}.type: immutable`), a selection needs options. `modified` ' +
            "(a context's set only) adds options to the network set's selections (`modifications`), naming them " +
            `(\`modifications.{i}.add_options.{j}.name: invalid\` otherwise). ${CONTEXT_RULES} ` +
            'Removing a property hides its values, it never deletes them. 422 with the errors by field path, ' +
            'nothing changed; records property_set.updated. Answers as GET.',
        },
      },
      async (request): Promise<PropertySet> => {
        const actor = request.actor!;
        const context = await contextOf(actor, request.query);
        return propertySets.save(actor, request.params.name, context, request.body);
      },
    );
  };
}
