import { useSyncExternalStore } from 'react';
import type { ActiveTheme } from '@agora/contracts';

/**
 * The design in effect: the network's, or a group's or category's on its context routes.
 * Held outside React's tree because the providers at the root apply it, while the router
 * below them decides it.
 */
type ThemeState = { network: ActiveTheme | null; context: ActiveTheme | null };

let state: ThemeState = { network: null, context: null };
const listeners = new Set<() => void>();

function set(next: Partial<ThemeState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const themeStore = {
  setNetworkTheme: (theme: ActiveTheme | null) => state.network !== theme && set({ network: theme }),
  setContextTheme: (theme: ActiveTheme | null) => state.context !== theme && set({ context: theme }),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

/** The theme to show: a context's design where one applies, else the network's. */
export function useActiveTheme(): ActiveTheme | null {
  const current = useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
  return current.context ?? current.network;
}
