export { legalRoutes } from './routes.ts';
export {
  createLegalService,
  legalHandle,
  type ImprintInput,
  type LegalService,
  type LegalTextChanges,
  type NewLegalText,
} from './service.ts';
