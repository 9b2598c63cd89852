import type { FastifyInstance, preValidationHookHandler } from 'fastify';

/**
 * A POST without a body and without a content type (`POST /appointments/{id}/cancel`,
 * `.../start-meeting`, an invite's accept) is validated as the empty object `{}`. Fastify hands
 * a missing body to the validator as `null`, which no object schema accepts, so a body whose
 * fields are all optional would answer 422 `{base: [required]}`; a body with required fields
 * answers 422 naming each of them, as it does for `{}`. A JSON `null` sent on purpose stays null.
 */
const missingBodyAsEmpty: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};

/** Adds the hook to every route with a body schema registered after this call. */
export function treatMissingBodyAsEmpty(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.body === undefined) return;
    const own = route.preValidation;
    route.preValidation = own === undefined ? [missingBodyAsEmpty] : [missingBodyAsEmpty, ...[own].flat()];
  });
}
