import { createContext, useContext } from 'react';
import type { NetworkSettingsAdministration } from '@agora/contracts';
import type { SettingsValues } from './form-state.ts';

export type SettingsForm = {
  values: SettingsValues;
  set(path: string, value: unknown): void;
  /** The message shown under a field, once the field was touched or a save was tried. */
  error(path: string): string | undefined;
  /** Whether the operator's configuration shows a setting (top-level key). */
  shown(key: string): boolean;
  data: NetworkSettingsAdministration;
};

export const SettingsFormContext = createContext<SettingsForm | null>(null);

export function useSettingsForm(): SettingsForm {
  const form = useContext(SettingsFormContext);
  if (!form) throw new Error('useSettingsForm outside the settings form');
  return form;
}
