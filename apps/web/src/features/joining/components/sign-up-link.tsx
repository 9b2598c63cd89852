import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadNamespaces } from '../../../i18n/index.ts';
import { signUpSettingsQuery } from '../api.ts';

/** The sign-in page's way to the sign-up page, shown only where visitors may sign up. */
export function SignUpLink() {
  const { t, ready } = useTranslation('joining', { useSuspense: false });
  const settings = useQuery({
    ...signUpSettingsQuery,
    queryFn: async (context) => {
      // The sign-in page does not load this feature's texts: they come with the answer.
      const [answer] = await Promise.all([signUpSettingsQuery.queryFn!(context), loadNamespaces(['joining'])]);
      return answer;
    },
  });
  if (!ready || !settings.data?.allowed) return null;
  return (
    <Anchor component={Link} to="/users/sign_up" size="sm" ta="center">
      {t('sign_up.link')}
    </Anchor>
  );
}
