export { createMemberSettingsService, type MemberSettingsService } from './service.ts';
