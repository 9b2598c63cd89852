export { accountRoutes } from './routes.ts';
export { authenticationTokenRoutes } from './authentication-token-routes.ts';
export { localeSettingsRoutes } from './locale-settings-routes.ts';
export { createAccountsService, type AccountsService, type SecondFactorGate } from './service.ts';
