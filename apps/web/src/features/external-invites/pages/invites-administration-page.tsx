import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ExternalInvitesSection } from '../components/external-invites-section.tsx';

/** `/administration/invites`: every invitation by e-mail of the network, for its administrators. */
export function InvitesAdministrationPage() {
  const { t } = useTranslation('external-invites');
  usePageTitle(t('administration.title'));
  const invite = (
    <Button component={Link} to="/administration/invites/new" leftSection={<IconUserPlus size={16} aria-hidden />}>
      {t('administration.invite')}
    </Button>
  );
  return (
    <PageContainer size="lg">
      <PageToolbar title={t('administration.title')} backTo="/administration" actions={invite} />
      <ExternalInvitesSection source={{ kind: 'network' }} />
    </PageContainer>
  );
}
