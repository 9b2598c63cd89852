export { accountRoutes } from './routes.ts';
export { createAccountsService, type AccountsService } from './service.ts';
