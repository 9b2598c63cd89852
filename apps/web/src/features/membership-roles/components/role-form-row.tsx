import { Button, ColorInput, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEMBERSHIP_ROLE_DEFAULT_COLOR,
  MEMBERSHIP_ROLE_DISPLAY_TYPES,
  MEMBERSHIP_ROLE_LIMITS,
  type MembershipRole,
  type MembershipRoleDisplayType,
} from '@agora/contracts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useSaveRole, type RoleScope } from '../api.ts';
import { RoleBadge } from './role-badge.tsx';

const MAX = MEMBERSHIP_ROLE_LIMITS.nameMaxLength;
const SWATCHES = [
  '#000000',
  '#495057',
  '#c92a2a',
  '#a61e4d',
  '#862e9c',
  '#1864ab',
  '#0b7285',
  '#2b8a3e',
  '#e67700',
  '#ffffff',
];

type Props = {
  scope: RoleScope;
  /** Null for a new role. */
  role: MembershipRole | null;
  columns: number;
  onDone: () => void;
};

/** The one row being edited (or added): every field of a role; the slug is the server's. */
export function RoleFormRow({ scope, role, columns, onDone }: Props) {
  const { t } = useTranslation('membership-roles');
  const [name, setName] = useState(role?.name ?? '');
  const [pluralName, setPluralName] = useState(role?.plural_name ?? '');
  const [color, setColor] = useState(role?.color ?? MEMBERSHIP_ROLE_DEFAULT_COLOR);
  const [textColor, setTextColor] = useState(role?.text_color ?? '');
  const [displayType, setDisplayType] = useState<MembershipRoleDisplayType>(role?.display_type ?? 'default');
  const save = useSaveRole(scope);
  const labels = {
    name: t('fields.name'),
    plural_name: t('fields.plural_name'),
    color: t('fields.color'),
    text_color: t('fields.text_color'),
    display_type: t('fields.display_type'),
  };
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'membership-roles' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: role?.id ?? null,
        body: {
          membership_role: {
            name,
            plural_name: pluralName,
            color: color || MEMBERSHIP_ROLE_DEFAULT_COLOR,
            text_color: textColor || null,
            display_type: displayType,
          },
        },
      },
      {
        onSuccess: () => {
          showToast('saving_successful');
          onDone();
        },
        onError: handle,
      },
    );
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) onDone();
  };

  return (
    <Table.Tr>
      <Table.Td colSpan={columns} bg="var(--mantine-color-gray-0)">
        <form
          onSubmit={submit}
          onKeyDown={cancelOnEscape}
          noValidate
          aria-label={role ? t('edit_title', { name: role.name }) : t('new_title')}
        >
          {/* Mantine's error red is too light on white for small text; a darker one for the messages. */}
          <Stack gap="sm" py="xs" style={{ '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties}>
            <Text fw={600}>{role ? t('edit_title', { name: role.name }) : t('new_title')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LimitedTextInput
                label={labels.name}
                value={name}
                maxLength={MAX}
                required
                data-autofocus
                autoFocus
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  clear('name');
                }}
                error={errors.name}
              />
              <LimitedTextInput
                label={labels.plural_name}
                value={pluralName}
                maxLength={MAX}
                required
                onChange={(event) => {
                  setPluralName(event.currentTarget.value);
                  clear('plural_name');
                }}
                error={errors.plural_name}
              />
              <ColorInput
                label={labels.color}
                value={color}
                format="hex"
                withEyeDropper={false}
                swatches={SWATCHES}
                onChange={(value) => {
                  setColor(value);
                  clear('color');
                }}
                error={errors.color}
              />
              <ColorInput
                label={labels.text_color}
                description={t('fields.text_color_hint')}
                value={textColor}
                format="hex"
                withEyeDropper={false}
                swatches={SWATCHES}
                onChange={(value) => {
                  setTextColor(value);
                  clear('text_color');
                }}
                error={errors.text_color}
              />
              <Select
                label={labels.display_type}
                value={displayType}
                allowDeselect={false}
                data={MEMBERSHIP_ROLE_DISPLAY_TYPES.map((type) => ({ value: type, label: t(`display_types.${type}`) }))}
                onChange={(value) => value && setDisplayType(value as MembershipRoleDisplayType)}
                error={errors.display_type}
              />
              <TextInput
                label={t('fields.slug')}
                value={role?.slug ?? ''}
                placeholder={t('fields.slug_new')}
                description={t('fields.slug_hint')}
                readOnly
                variant="filled"
              />
            </SimpleGrid>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed">
                  {t('preview')}
                </Text>
                <RoleBadge
                  name={name.trim() || t('fields.name')}
                  color={color || MEMBERSHIP_ROLE_DEFAULT_COLOR}
                  textColor={textColor || null}
                />
              </Group>
              <Group gap="sm">
                <Button variant="default" onClick={onDone}>
                  {t('cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} disabled={!name.trim() || !pluralName.trim()}>
                  {t('save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
