export { digestMailsModule } from './module.ts';
export { createDigestMailsService, type DigestMailsService } from './service.ts';
