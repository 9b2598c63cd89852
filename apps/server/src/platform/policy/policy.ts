import { forbidden } from '../errors.ts';

/**
 * A rule sees the actor, the subject (with whatever the rule needs already loaded) and the
 * results of the rules declared before it, so `update` can build on `read`.
 */
export type Rule<A, S, K extends string> = (
  actor: A,
  subject: S,
  can: Readonly<Partial<Record<K, boolean>>>,
) => boolean;

export type Policy<A, S, K extends string> = {
  readonly actions: readonly K[];
  readonly rules: { readonly [P in K]: Rule<A, S, K> };
};

/** Declares a policy: pure, synchronous rules over data already loaded, evaluated in order. */
export function definePolicy<A, S, K extends string>(rules: { [P in K]: Rule<A, S, K> }): Policy<A, S, K> {
  return { actions: Object.keys(rules) as K[], rules };
}

/** Every rule's answer for this actor and subject: what presenters put into `can`. */
export function abilities<A, S, K extends string>(policy: Policy<A, S, K>, actor: A, subject: S): Record<K, boolean> {
  const can: Partial<Record<K, boolean>> = {};
  for (const action of policy.actions) can[action] = policy.rules[action](actor, subject, can);
  return can as Record<K, boolean>;
}

/** The answer of one rule, with the rules before it evaluated as it may build on them. */
export function allows<A, S, K extends string>(policy: Policy<A, S, K>, action: K, actor: A, subject: S): boolean {
  const can: Partial<Record<K, boolean>> = {};
  for (const a of policy.actions) {
    can[a] = policy.rules[a](actor, subject, can);
    if (a === action) return can[a];
  }
  return false;
}

/** Throws 403 unless the rule allows the action. */
export function authorize<A, S, K extends string>(policy: Policy<A, S, K>, action: K, actor: A, subject: S): void {
  if (!allows(policy, action, actor, subject)) throw forbidden();
}

/** Picks some of a policy's answers for a `can` object, named as the spec names them. */
export function pick<K extends string, P extends K>(can: Record<K, boolean>, keys: readonly P[]): Record<P, boolean> {
  return Object.fromEntries(keys.map((k) => [k, can[k]])) as Record<P, boolean>;
}
