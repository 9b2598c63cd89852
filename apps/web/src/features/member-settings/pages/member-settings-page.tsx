import { Alert, Button, Divider, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { MemberSettings, MemberSettingsAnswer } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { FormCard, SubmitForm, SettingsPage } from '../../../ui/form-card.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { appPushDeviceId, BrowserPushButton, browserSupportsPush, DevicePushSettings } from '../../devices/index.ts';
import { DigestField } from '../components/digest-field.tsx';
import { memberSettingsQuery, useActivateEmail, useUpdateMemberSettings } from '../api.ts';

type Flag = 'email_subscriptions' | 'email_notifications' | 'email_admin_notifications' | 'email_newsletter';

/**
 * `/members/{membershipId}/settings/edit`: which mails the member gets. The push tab exists only
 * in the mobile app's web view, which names its device (`?tab=push&device_id=`).
 */
export function MemberSettingsPage() {
  const { t } = useTranslation('member-settings');
  const { membershipId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const settings = useQuery(memberSettingsQuery(membershipId));
  const deviceId = appPushDeviceId(params);
  const tab = deviceId && params.get('tab') === 'push' ? 'push' : 'mail';

  return (
    <SettingsPage title={t('title')} query={settings}>
      {(data) => (
        <Tabs
          value={tab}
          onChange={(next) =>
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                updated.set('tab', next ?? 'mail');
                return updated;
              },
              { replace: true },
            )
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="mail">{t('tabs.mail')}</Tabs.Tab>
            {deviceId && <Tabs.Tab value="push">{t('tabs.push')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="mail" pt="md">
            <MailSubmitForm membershipId={membershipId} answer={data} />
          </Tabs.Panel>
          {deviceId && (
            <Tabs.Panel value="push" pt="md">
              <DevicePushSettings deviceId={deviceId} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </SettingsPage>
  );
}

function MailSubmitForm({ membershipId, answer }: { membershipId: string; answer: MemberSettingsAnswer }) {
  const { t } = useTranslation('member-settings');
  const update = useUpdateMemberSettings(membershipId);
  // What the member changed; until then, what is stored.
  const [draft, setDraft] = useState<MemberSettings | null>(null);
  const value = draft ?? answer.settings;
  const bounced = answer.email_bounced_at !== null;
  const change = (next: Partial<MemberSettings>) => setDraft({ ...value, ...next });

  const flag = (key: Flag, disabled = false) => (
    <Switch
      label={t(`${key}.label`)}
      description={t(`${key}.description`)}
      checked={value[key] && !disabled}
      disabled={disabled}
      onChange={(event) => change({ [key]: event.currentTarget.checked })}
    />
  );

  const save = () => {
    update.mutate(value, {
      onSuccess: () => {
        setDraft(null);
        showToast('saving_successful');
      },
      onError: (error) => showFormErrors(error, { ns: 'member-settings' }),
    });
  };

  return (
    <Stack gap="md">
      {bounced && <BouncedHint membershipId={membershipId} since={answer.email_bounced_at!} />}
      <FormCard>
        <SubmitForm
          onSubmit={save}
          submitLabel={t('common:save')}
          loading={update.isPending}
          disabled={!answer.can.update}
          gap="lg"
        >
          <DigestField
            kind="digests"
            value={value.email_digests}
            groups={answer.groups}
            onChange={(next) => change({ email_digests: next })}
          />
          <Divider />
          <DigestField
            kind="daily_digests"
            value={value.email_daily_digests}
            groups={answer.groups}
            onChange={(next) => change({ email_daily_digests: next })}
          />
          <Divider />
          {flag('email_subscriptions')}
          {flag('email_notifications', bounced)}
          {answer.can.admin_notifications && flag('email_admin_notifications')}
          {flag('email_newsletter')}
          {browserSupportsPush() && (
            <>
              <Divider />
              <BrowserPushButton />
            </>
          )}
        </SubmitForm>
      </FormCard>
    </Stack>
  );
}

/** Mail to the address bounced: notifications stay off until the member activates them again. */
function BouncedHint({ membershipId, since }: { membershipId: string; since: string }) {
  const { t } = useTranslation('member-settings');
  const activate = useActivateEmail(membershipId);
  return (
    <Alert color="orange" icon={<IconMailOff size={18} aria-hidden />} title={t('bounced.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('bounced.text', { date: formatDate(since) })}</Text>
        <Button
          size="xs"
          loading={activate.isPending}
          onClick={() =>
            activate.mutate(undefined, {
              onSuccess: () => showToast('member-settings:bounced.activated', { kind: 'success' }),
              onError: () => showToast('saving_failure'),
            })
          }
        >
          {t('bounced.activate')}
        </Button>
      </Stack>
    </Alert>
  );
}
