import { IconInfoCircle } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { InfoBar } from './components/info-bar.tsx';

export const legalFeature: FeatureModule = {
  key: 'legal',
  namespaces: ['legal'],
  activeModules: [
    ['/info/*', 'info'],
    ['/info', 'info'],
    ['/imprint', 'info'],
    ['/legal', 'info'],
    ['/legal/:handle', 'info'],
  ],
  publicRoutes: [
    { path: 'imprint', lazy: () => import('./pages/imprint-page.tsx').then((m) => ({ Component: m.ImprintPage })) },
    {
      path: 'legal',
      lazy: () => import('./pages/legal-texts-page.tsx').then((m) => ({ Component: m.LegalTextsPage })),
    },
    {
      path: 'legal/:handle',
      lazy: () => import('./pages/legal-text-page.tsx').then((m) => ({ Component: m.LegalTextPage })),
    },
  ],
  userbar: [{ module: 'info', label: 'legal:info', icon: IconInfoCircle, path: '/imprint', order: 90, bar: InfoBar }],
  userMenu: [{ key: 'legal', label: 'legal:legal_texts', section: 'general', order: 90, path: () => '/legal' }],
};
