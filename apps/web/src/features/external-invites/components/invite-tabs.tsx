import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconFileSpreadsheet, IconMail, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ExternalInviteSettings } from '@agora/contracts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { InternalInviteForm } from '../../group-invites/index.ts';
import { externalInviteSettingsQuery, useInviteInternally } from '../api.ts';
import type { InviteContext, InviteTabs } from '../context.ts';
import { CsvTab } from './csv-tab.tsx';
import { EmailTab } from './email-tab.tsx';
import { useMailFields } from './mail-fields.tsx';

export type InviteTab = 'members' | 'email' | 'csv';

type InviteTabsPanelProps = {
  context: InviteContext;
  /** The category's id, where the route named it by its slug. */
  contextId?: string;
  groupName?: string;
  tabs: InviteTabs;
  tab: string | null;
  onTab: (tab: InviteTab) => void;
  onCancel: () => void;
  title: string;
};

/** The tabs the context allows (spec, section 6: invite_internal, invite_external(_guests)). */
export function InviteTabsPanel(props: InviteTabsPanelProps) {
  const { t } = useTranslation('external-invites');
  const { tabs } = props;
  const settings = useQuery({ ...externalInviteSettingsQuery, enabled: tabs.external });
  const shown: InviteTab[] = [
    ...(tabs.internal ? ['members' as const] : []),
    ...(tabs.external ? ['email' as const, 'csv' as const] : []),
  ];
  const active = shown.includes(props.tab as InviteTab) ? (props.tab as InviteTab) : shown[0]!;
  const icons = { members: IconUsers, email: IconMail, csv: IconFileSpreadsheet };
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  return (
    <Tabs value={active} onChange={(value) => value && props.onTab(value as InviteTab)} keepMounted={false}>
      <Tabs.List mb="md">
        {shown.map((tab) => {
          const Icon = icons[tab];
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              px={{ base: 'xs', sm: 'md' }}
              // Three tabs fit a phone's width in one row without their icons.
              leftSection={phone ? undefined : <Icon size={16} aria-hidden />}
            >
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.internal && (
        <Tabs.Panel value="members">
          <MembersTab {...props} />
        </Tabs.Panel>
      )}
      {tabs.external && (active === 'email' || active === 'csv') && (
        <Tabs.Panel value={active}>
          {settings.isPending && <LoadingRow />}
          {settings.isError && <ErrorRow error={settings.error} onRetry={() => void settings.refetch()} />}
          {settings.data && <ExternalTabs {...props} tab={active} settings={settings.data} />}
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

function MembersTab({ context, contextId, title, onCancel }: InviteTabsPanelProps) {
  const { t } = useTranslation('external-invites');
  const navigate = useNavigate();
  const target: InviteContext =
    context.kind === 'category' && contextId ? { kind: 'category', id: contextId } : context;
  const inviting = useInviteInternally(target);
  const texts =
    context.kind === 'group'
      ? undefined
      : {
          intro: t(`members.${context.kind}.intro`),
          groups: t(`members.${context.kind}.groups`),
          groupsHint: t(`members.${context.kind}.groups_hint`),
        };
  const sent = context.kind === 'group' ? `/groups/${encodeURIComponent(context.slug)}/invites/sent` : '/invites/sent';
  return (
    <InternalInviteForm
      title={`${title}: ${t('tabs.members')}`}
      texts={texts}
      send={(body) => inviting.mutateAsync(body)}
      pending={inviting.isPending}
      error={inviting.error}
      onSent={() => void navigate(sent)}
      onCancel={onCancel}
    />
  );
}

/** E-mail and CSV share the subject, text, user type and groups: switching keeps what was written. */
function ExternalTabs(props: InviteTabsPanelProps & { tab: 'email' | 'csv'; settings: ExternalInviteSettings }) {
  const { t } = useTranslation('external-invites');
  const { context, contextId, settings, tabs, groupName, onCancel } = props;
  const mail = useMailFields(settings, tabs.userTypes);
  const target: InviteContext =
    context.kind === 'category' && contextId ? { kind: 'category', id: contextId } : context;
  const groupsHint = groupName ? t('form.groups_hint_group', { name: groupName }) : t('form.groups_hint');
  return props.tab === 'email' ? (
    <EmailTab context={target} mail={mail} groupsHint={groupsHint} onCancel={onCancel} />
  ) : (
    <CsvTab context={target} mail={mail} groupsHint={groupsHint} onCancel={onCancel} />
  );
}
