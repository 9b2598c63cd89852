export { settingsQuery } from './api.ts';
export { SettingsForm } from './settings-form.tsx';
