export {
  createPropertySetsService,
  defaultProfileProperties,
  PROPERTY_SET_UPDATED,
  type PropertySetContext,
  type PropertySetsService,
} from './service.ts';
