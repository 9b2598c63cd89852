export { changeRequestsModule } from './module.ts';
export {
  CHANGE_REQUEST_ACCEPTED,
  CHANGE_REQUEST_CREATED,
  CHANGE_REQUEST_REJECTED,
  type ChangeRequestsService,
} from './service.ts';
