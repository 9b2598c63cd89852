export { twoFactorRoutes } from './routes.ts';
export { createTwoFactorService, type TwoFactorService } from './service.ts';
