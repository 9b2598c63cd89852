export { createDevicesService, type DevicesService } from './service.ts';
