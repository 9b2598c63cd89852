import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appointmentCategoriesBodySchema, type AppointmentCategory } from '@agora/contracts';
import type { createCategoryAdministration } from './category-admin.ts';

/** The custom appointment categories' administration (the list itself is `GET /appointments/categories`). */
export function appointmentCategoryRoutes(deps: { saveCategories: ReturnType<typeof createCategoryAdministration> }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().put(
      '/administration/appointment_categories',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: appointmentCategoriesBodySchema,
          tags: ['appointments', 'administration'],
          summary: "Save the network's appointment categories",
          description:
            '`categories`: the list in its order, each `{id, label, _destroy}`. An existing category is named by its id ' +
            '(renamed to `label`, or deleted with `_destroy`: its appointments keep no category); a new one has its label ' +
            'as id. Labels are required, at most 100 characters; two equal labels (case ignored) answer 422 ' +
            '`duplicated_category` on `label`. Categories left out stay. Answers the categories now.',
        },
      },
      async (request): Promise<AppointmentCategory[]> => deps.saveCategories(request.actor!, request.body.categories),
    );
  };
}
