import { useQuery } from '@tanstack/react-query';
import type { FeatureModule } from '../../app/registry.ts';
import { activitystreamsQuery } from './api.ts';

export { AcknowledgementsModal, type AcknowledgementsModalProps } from './acknowledgements.tsx';

const editor = () => import('./pages/circular-letter-page.tsx').then((m) => ({ Component: m.CircularLetterPage }));

/** Whether the member may write circular letters (network or group administrators). */
export function useMayWriteCircularLetters(): boolean {
  return useQuery(activitystreamsQuery).data?.can.create_circular_letter ?? false;
}

/**
 * Circular letters (communication spec, section 2): the editor at /rundschreiben (and within a
 * group), and who acknowledged a letter.
 */
export const circularLettersFeature: FeatureModule = {
  key: 'circular-letters',
  namespaces: ['circular-letters'],
  routes: [
    { path: 'rundschreiben', lazy: editor },
    { path: 'groups/:groupSlug/rundschreiben', lazy: editor },
  ],
  userMenu: [
    {
      key: 'circular-letters',
      label: 'circular-letters:menu',
      section: 'personal',
      // After the messages (15), before the group invitations (20).
      order: 17,
      path: () => '/rundschreiben',
      visible: ({ member }) => !member.is_external,
      useVisible: useMayWriteCircularLetters,
    },
  ],
};
