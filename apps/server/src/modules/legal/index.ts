export { legalHandle } from '@agora/contracts';
export { legalAcceptanceRoutes } from './acceptance-routes.ts';
export { legalAdminRoutes } from './admin-routes.ts';
export { legalRoutes } from './routes.ts';
export {
  createLegalService,
  LEGAL_EVENTS,
  type ImprintInput,
  type LegalService,
  type LegalTextChanges,
  type NewLegalText,
} from './service.ts';
