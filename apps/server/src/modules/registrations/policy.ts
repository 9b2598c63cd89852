import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { RegistrationRow } from './repository.ts';

/** Network admins decide pending registrations of their network, once. */
export const registrationPolicy = definePolicy<Actor, RegistrationRow, 'read' | 'approve' | 'reject'>({
  read: (actor, registration) => actor.isNetworkAdmin && actor.networkId === registration.networkId,
  approve: (_actor, registration, can) => !!can.read && registration.status === 'pending',
  reject: (_actor, registration, can) => !!can.read && registration.status === 'pending',
});
