import { Radio, Group as Row, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_INVITE_LIMITS, type ExternalInviteSettings, type ExternalInviteUserType } from '@agora/contracts';
import type { DirectoryOption } from '../../../ui/directory-search.ts';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import { LimitedTextarea, LimitedTextInput } from '../../../ui/limited-text.tsx';

export type MailFieldsState = ReturnType<typeof useMailFields>;

/**
 * Subject and text (prefilled from the network's defaults), user type and groups: what the
 * invitation by e-mail and the CSV upload share. `userTypes` are those the page may offer.
 */
export function useMailFields(settings: ExternalInviteSettings, userTypes: ExternalInviteUserType[]) {
  const offered = userTypes.filter((type) => settings.user_types.includes(type));
  const types: ExternalInviteUserType[] = offered.length > 0 ? offered : ['external'];
  const [subject, setSubject] = useState(settings.default_invite_subject);
  const [body, setBody] = useState(settings.default_invite_text);
  const [userType, setUserType] = useState<ExternalInviteUserType>(types[0]!);
  const [groups, setGroups] = useState<DirectoryOption[]>([]);
  return {
    types,
    subject,
    setSubject,
    body,
    setBody,
    userType: types.includes(userType) ? userType : types[0]!,
    setUserType,
    groups,
    setGroups,
    groupIds: groups.filter((option) => option.type === 'group').map((option) => option.id),
  };
}

type MailFieldsProps = {
  state: MailFieldsState;
  errors: Record<string, string>;
  onEdit: (field: string) => void;
  /** Said under the groups picker (a group's invitations always include the group itself). */
  groupsHint: string;
};

export function MailFields({ state, errors, onEdit, groupsHint }: MailFieldsProps) {
  const { t } = useTranslation('external-invites');
  return (
    <Stack gap="sm">
      <LimitedTextInput
        label={t('fields.subject')}
        required
        value={state.subject}
        maxLength={EXTERNAL_INVITE_LIMITS.subject}
        error={errors.subject}
        onChange={(event) => {
          state.setSubject(event.currentTarget.value);
          onEdit('subject');
        }}
      />
      <LimitedTextarea
        label={t('fields.body')}
        description={t('form.body_hint')}
        required
        value={state.body}
        maxLength={EXTERNAL_INVITE_LIMITS.body}
        error={errors.body}
        autosize
        minRows={5}
        maxRows={14}
        onChange={(event) => {
          state.setBody(event.currentTarget.value);
          onEdit('body');
        }}
      />
      {state.types.length > 1 ? (
        <Radio.Group
          label={t('fields.user_type')}
          value={state.userType}
          error={errors.user_type}
          onChange={(value) => {
            state.setUserType(value as ExternalInviteUserType);
            onEdit('user_type');
          }}
        >
          <Row gap="lg" mt={6}>
            {state.types.map((type) => (
              <Radio key={type} value={type} label={t(`user_types.${type}`)} />
            ))}
          </Row>
        </Radio.Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="only-guests">
          {t('form.only_guests')}
        </Text>
      )}
      <DirectorySelect
        label={t('fields.group_ids')}
        description={groupsHint}
        value={state.groups}
        onChange={(value) => {
          state.setGroups(value);
          onEdit('group_ids');
        }}
        includeMembershipRoles={false}
        error={errors.group_ids}
      />
    </Stack>
  );
}
