import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberProfile, MemberProfileField } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useProfileFieldLabel } from '../../../ui/properties/profile-labels.ts';
import classes from './profile.module.css';

/** Phone numbers and addresses are links a phone or mail program opens. */
function FieldValue({ field }: { field: MemberProfileField }) {
  if (field.key === 'phone' || field.key === 'mobile') {
    return <Anchor href={`tel:${field.value.replace(/[^\d+]/g, '')}`}>{field.value}</Anchor>;
  }
  if (field.key === 'email' && field.value.includes('@')) {
    return <Anchor href={`mailto:${field.value}`}>{field.value}</Anchor>;
  }
  return <>{field.value}</>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The profile values the network shows and the birthday (dd.MM., with the age where the member shows it). */
export function ProfileDetails({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const labelOf = useProfileFieldLabel();
  const { birthday } = profile;
  const empty = profile.profile_fields.length === 0 && !birthday;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-details">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="profile-details">
          {t('profile.details')}
        </Title>
        {empty ? (
          <EmptyState size="sm" icon={<IconId />} title={t('profile.no_details')} />
        ) : (
          <dl className={classes.fields}>
            {profile.profile_fields.map((field) => (
              <Fragment key={field.key}>
                <dt>{labelOf(field.key)}</dt>
                <dd>
                  <FieldValue field={field} />
                </dd>
              </Fragment>
            ))}
            {birthday && (
              <>
                <dt>{t('profile.birthday')}</dt>
                <dd data-testid="profile-birthday">
                  {`${pad(birthday.day)}.${pad(birthday.month)}.`}
                  {birthday.age !== null && ` (${t('profile.age', { count: birthday.age })})`}
                </dd>
              </>
            )}
          </dl>
        )}
      </Stack>
    </Paper>
  );
}
