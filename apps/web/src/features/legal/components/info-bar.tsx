import { NavLink, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { legalTextsQuery } from '../api.ts';

/** The user bar of pages without a bar of their own: imprint and legal texts. */
export function InfoBar() {
  const { t } = useTranslation('legal');
  const { pathname } = useLocation();
  const texts = useQuery(legalTextsQuery);
  const link = (to: string, label: string) => (
    <NavLink key={to} component={Link} to={to} label={label} active={pathname === to} variant="light" py={4} />
  );
  return (
    <Stack gap={0} data-testid="info-bar">
      {link('/imprint', t('imprint'))}
      {link('/legal', t('legal_texts'))}
      {texts.data?.legal_texts.map((text) => link(`/legal/${text.handle}`, text.name))}
    </Stack>
  );
}
