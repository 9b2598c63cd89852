import { Alert, Button, Checkbox, Group, MultiSelect, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberAdminDetail, MemberAdminUpdate } from '@agora/contracts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { showToast } from '../../../ui/toast.tsx';
import { useUpdateMember } from '../api.ts';
import { MemberActions } from '../components/member-actions.tsx';
import { MemberFrame } from '../components/member-frame.tsx';
import { ExternalCheckbox, MemberEmailField, MemberNameFields } from '../components/member-fields.tsx';

const NS = 'member-administration';

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  is_external: boolean;
  network_admin: boolean;
  membership_role_ids: string[];
};

const valuesOf = (m: MemberAdminDetail): Values => ({
  first_name: m.first_name,
  last_name: m.last_name,
  email: m.email,
  is_external: m.is_external,
  network_admin: m.network_admin,
  membership_role_ids: m.membership_role_ids,
});

function MemberEditForm({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation(NS);
  const update = useUpdateMember(member.id);
  const [values, setValues] = useState<Values>(() => valuesOf(member));
  const { options } = member;
  // Lock and delete are refused for oneself alone: so is taking one's own admin right.
  const own = member.can.edit && !member.can.lock;
  const labels = {
    first_name: t('fields.first_name'),
    last_name: t('fields.last_name'),
    email: t('fields.email'),
    is_external: t('fields.is_external'),
    network_admin: t('fields.network_admin'),
    membership_role_ids: t('fields.roles'),
  };
  const { errors, handle, clear } = useFormErrors({ labels, ns: NS });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clear(key);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const user: MemberAdminUpdate = { first_name: values.first_name, last_name: values.last_name };
    if (member.email_editable) user.email = values.email;
    if (options.guest_users_allowed) user.is_external = values.is_external;
    if (!own) user.network_admin = values.network_admin;
    if (options.membership_roles_enabled) user.membership_role_ids = values.membership_role_ids;
    update.mutate(user, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        showToast('saving_successful');
      },
      onError: handle,
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MemberNameFields firstName={values.first_name} lastName={values.last_name} onChange={set} errors={errors} />
        <MemberEmailField
          value={values.email}
          onChange={(email) => set('email', email)}
          error={errors.email}
          disabledReason={member.email_editable ? undefined : t('fields.email_shared')}
        />
        {options.guest_users_allowed && (
          <ExternalCheckbox
            checked={values.is_external}
            onChange={(checked) => set('is_external', checked)}
            error={errors.is_external}
          />
        )}
        <Checkbox
          label={t('fields.network_admin')}
          checked={values.network_admin}
          disabled={own}
          onChange={(event) => set('network_admin', event.currentTarget.checked)}
          error={errors.network_admin}
        />
        {options.membership_roles_enabled && (
          <MultiSelect
            label={t('fields.roles')}
            description={options.roles.length > 0 ? t('fields.roles_hint') : t('fields.roles_empty')}
            data={options.roles.map((role) => ({ value: role.id, label: role.name }))}
            value={values.membership_role_ids}
            disabled={options.roles.length === 0}
            searchable
            clearable
            onChange={(ids) => set('membership_role_ids', ids)}
            error={errors.membership_role_ids}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/administration/members/{id}/edit`: the member's names, address, flags and roles; lock, unlock and delete. */
export function MemberEditPage() {
  const { t } = useTranslation(NS);
  return (
    <MemberFrame>
      {(member) => (
        <Stack gap="lg">
          {member.locked && (
            <Alert color="red" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('edit.locked_note')}
            </Alert>
          )}
          <MemberEditForm key={member.id} member={member} />
          <MemberActions member={member} />
        </Stack>
      )}
    </MemberFrame>
  );
}
