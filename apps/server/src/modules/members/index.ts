export { memberRoutes } from './routes.ts';
export { createMembersService, type MembersService, type NewMember } from './service.ts';
export { presentCurrentMember, presentMember, memberName } from './present.ts';
export type { MembershipRow } from './repository.ts';
