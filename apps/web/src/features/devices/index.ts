// The devices' pieces of the member settings page (features/member-settings): the app's push tab
// and the browser's push button. No pages of their own.
export { appPushDeviceId } from './app-context.ts';
export { BrowserPushButton, browserSupportsPush } from './components/browser-push-button.tsx';
export { DevicePushSettings } from './components/device-push-settings.tsx';
