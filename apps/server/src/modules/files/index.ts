export { createFilesService, type FilesService } from './service.ts';
export { FILE_EVENTS, FILE_OWNER, FOLDER_EXPORT_OWNER, PENDING_VERSION_OWNER } from './events.ts';
