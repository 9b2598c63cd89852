export {
  APP_NAVIGATION_UPDATED,
  createNavigationService,
  NAVIGATION_UPDATED,
  type NavigationService,
} from './service.ts';
