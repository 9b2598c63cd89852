// jsdom lacks what Mantine asks the browser for; these stand in for it in component tests.
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { resources } from '../i18n/all-resources.ts';
import { i18n, initialLocale } from '../i18n/index.ts';

afterEach(() => cleanup());

// Most files share their worker's modules and page (vite.config.ts): each starts as a newly
// opened page would, whatever the file before it left behind (a language, stored values, a
// stubbed fetch, fake timers).
const pristine = globalThis as typeof globalThis & {
  pristineFetch?: typeof fetch;
  pristineXhr?: typeof XMLHttpRequest;
};
pristine.pristineFetch ??= globalThis.fetch;
pristine.pristineXhr ??= globalThis.XMLHttpRequest;
globalThis.fetch = pristine.pristineFetch;
globalThis.XMLHttpRequest = pristine.pristineXhr;
// Toasts live in a module's store, which outlives a file's rendered trees.
notifications.clean();
notifications.cleanQueue();
vi.useRealTimers();
localStorage.clear();
sessionStorage.clear();
document.body.innerHTML = '';
document.title = '';
await i18n.changeLanguage(initialLocale());

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Component tests render synchronously: every namespace is there from the start, as if each
// feature's routes had loaded them.
for (const [locale, namespaces] of Object.entries(resources)) {
  for (const [namespace, bundle] of Object.entries(namespaces)) {
    i18n.addResourceBundle(locale, namespace, bundle, true, true);
  }
}
