import { IconFileText, IconInfoCircle, IconLicense } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';
import { InfoBar } from './components/info-bar.tsx';

export { LegalAcceptanceGate } from './components/acceptance-gate.tsx';
export { pendingLegalTextsQuery } from './api.ts';

const admin = (path: string, lazy: () => Promise<{ Component: ComponentType }>) => ({ path, lazy });

export const legalFeature: FeatureModule = {
  key: 'legal',
  namespaces: ['legal', 'legal-admin'],
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
  routes: [
    administrationOnly([
      admin('administration/legal_texts', () =>
        import('./admin/legal-texts-admin-page.tsx').then((m) => ({ Component: m.LegalTextsAdminPage })),
      ),
      admin('administration/legal_texts/new', () =>
        import('./admin/legal-text-new-page.tsx').then((m) => ({ Component: m.LegalTextNewPage })),
      ),
      admin('administration/legal_texts/:legalTextId', () =>
        import('./admin/legal-text-versions-page.tsx').then((m) => ({ Component: m.LegalTextVersionsPage })),
      ),
      admin('administration/legal_texts/:legalTextId/edit', () =>
        import('./admin/legal-text-edit-page.tsx').then((m) => ({ Component: m.LegalTextEditPage })),
      ),
      admin('administration/imprint/edit', () =>
        import('./admin/imprint-edit-page.tsx').then((m) => ({ Component: m.ImprintEditPage })),
      ),
    ]),
  ],
  userbar: [{ module: 'info', label: 'legal:info', icon: IconInfoCircle, path: '/imprint', order: 90, bar: InfoBar }],
  userMenu: [{ key: 'legal', label: 'legal:legal_texts', section: 'general', order: 90, path: () => '/legal' }],
  administration: [
    {
      key: 'legal_texts',
      section: 'network',
      label: 'legal-admin:legal_texts.title',
      description: 'legal-admin:legal_texts.card',
      icon: IconLicense,
      path: '/administration/legal_texts',
    },
    {
      key: 'imprint',
      section: 'network',
      label: 'legal-admin:imprint.title',
      description: 'legal-admin:imprint.description',
      icon: IconFileText,
      path: '/administration/imprint/edit',
    },
  ],
};
