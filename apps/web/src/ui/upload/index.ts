export { UploadField, defaultAccept, type UploadFieldProps } from './upload-field.tsx';
export { useUploadField, UploadsPendingError, type UploadFieldState } from './use-upload-field.ts';
export { uploadFile, isAbortError, type UploadFileOptions } from './upload-file.ts';
export { itemFromStored, stateOf, type UploadItem } from './upload-queue.ts';
export { extensionAccepted, type ExtensionFilter } from './extension-filter.ts';
