export { profileEditModule } from './module.ts';
export { createProfileEditService, ONBOARDING_DONE_PATH, type ProfileEditService } from './service.ts';
