// jsdom lacks what Mantine asks the browser for; these stand in for it in component tests.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resources } from '../i18n/all-resources.ts';
import { i18n } from '../i18n/index.ts';

afterEach(() => cleanup());

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
