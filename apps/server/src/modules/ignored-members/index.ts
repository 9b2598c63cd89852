export { createIgnoredMembersService, type IgnoredMembersService } from './service.ts';
export { IGNORED_MEMBER_EVENTS } from './events.ts';
