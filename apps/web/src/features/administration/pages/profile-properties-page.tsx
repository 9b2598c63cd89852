import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROPERTY_TYPES,
  propertyTypesCompatible,
  type Property,
  type PropertyOption,
  type PropertySet,
  type PropertyType,
} from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { showFormErrors, type FormErrors } from '../../../ui/form-errors.ts';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useLeaveGuard } from '../../../ui/use-leave-guard.ts';
import { propertySetQuery, useSavePropertySet } from '../property-sets-api.ts';

/** A property being edited; `saved` ones keep their name (the key of members' stored values). */
type Draft = Property & { key: number; saved: boolean };

let nextKey = 0;
const draftOf = (property: Property, saved: boolean): Draft => ({ ...property, key: ++nextKey, saved });

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The name of a new property from its label: "Büro-Nummer" -> "buero_nummer", unique in the set. */
export function propertyName(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .toLowerCase()
      .replace(/[äöüß]/g, (c) => UMLAUTS[c]!)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 36) || 'property';
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  return name;
}

function toInput(drafts: Draft[]): Property[] {
  return drafts.map(({ key: _key, saved: _saved, ...property }) => ({
    ...property,
    options: property.type === 'selection' ? (property.options ?? []) : undefined,
    multiple: property.type === 'selection' ? !!property.multiple : undefined,
  }));
}

function OptionsEditor({
  draft,
  index,
  errors,
  onChange,
}: {
  draft: Draft;
  index: number;
  errors: FormErrors;
  onChange: (options: PropertyOption[]) => void;
}) {
  const { t } = useTranslation('administration');
  const options = draft.options ?? [];
  const set = (i: number, option: PropertyOption) => onChange(options.map((o, j) => (j === i ? option : o)));
  return (
    <Stack gap="xs" role="group" aria-label={t('profile_properties.options', { label: draft.label })}>
      <Text size="sm" fw={500}>
        {t('profile_properties.options_title')}
      </Text>
      {errors[`properties.${index}.options`] && (
        <Text size="sm" c="red">
          {errors[`properties.${index}.options`]}
        </Text>
      )}
      {options.map((option, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('profile_properties.option_label')}
            value={option.label}
            error={errors[`properties.${index}.options.${i}.label`]}
            onChange={(e) => {
              const label = e.currentTarget.value;
              // A new option's value follows its label until saved.
              const value =
                option.value === propertyName(option.label, new Set()) || !option.value
                  ? propertyName(label, new Set())
                  : option.value;
              set(i, { label, value });
            }}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('profile_properties.option_value')}
            value={option.value}
            error={errors[`properties.${index}.options.${i}.value`]}
            onChange={(e) => set(i, { ...option, value: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={t('profile_properties.remove_option', { label: option.label })}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...options, { label: '', value: '' }])}
        >
          {t('profile_properties.add_option')}
        </Button>
      </Group>
    </Stack>
  );
}

function PropertyEditor({
  draft,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  draft: Draft;
  index: number;
  count: number;
  errors: FormErrors;
  onChange: (draft: Draft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('administration');
  const title = draft.label || t('profile_properties.new_property');
  const at = (field: string) => errors[`properties.${index}.${field}`];
  // A saved property keeps values of its shape: only types of the same shape are offered.
  const types = PROPERTY_TYPES.filter((type) => !draft.saved || propertyTypesCompatible(draft.type, type));
  return (
    <Paper withBorder p="md" component="li" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('profile_properties.move_up', { label: title })}>
              <ActionIcon
                variant="subtle"
                disabled={index === 0}
                aria-label={t('profile_properties.move_up', { label: title })}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('profile_properties.move_down', { label: title })}>
              <ActionIcon
                variant="subtle"
                disabled={index === count - 1}
                aria-label={t('profile_properties.move_down', { label: title })}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('profile_properties.remove', { label: title })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('profile_properties.remove', { label: title })}
                onClick={onRemove}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('profile_properties.label')}
            required
            value={draft.label}
            error={at('label')}
            onChange={(e) => onChange({ ...draft, label: e.currentTarget.value })}
          />
          <Select
            label={t('profile_properties.type')}
            data={types.map((type) => ({ value: type, label: t(`profile_properties.types.${type}`) }))}
            value={draft.type}
            allowDeselect={false}
            error={at('type')}
            onChange={(type) => type && onChange({ ...draft, type: type as PropertyType })}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('profile_properties.name', { name: draft.name || '…' })}
        </Text>
        {at('name') && (
          <Text size="sm" c="red">
            {at('name')}
          </Text>
        )}
        <Group>
          <Checkbox
            label={t('profile_properties.required')}
            checked={!!draft.required}
            onChange={(e) => onChange({ ...draft, required: e.currentTarget.checked })}
          />
          {draft.type === 'selection' && (
            <Checkbox
              label={t('profile_properties.multiple')}
              checked={!!draft.multiple}
              onChange={(e) => onChange({ ...draft, multiple: e.currentTarget.checked })}
            />
          )}
        </Group>
        {draft.type === 'selection' && (
          <OptionsEditor
            draft={draft}
            index={index}
            errors={errors}
            onChange={(options) => onChange({ ...draft, options })}
          />
        )}
      </Stack>
    </Paper>
  );
}

function ProfilePropertiesForm({ set }: { set: PropertySet }) {
  const { t } = useTranslation('administration');
  const [drafts, setDrafts] = useState<Draft[]>(() => set.properties.map((p) => draftOf(p, true)));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSavePropertySet(set.name);
  useLeaveGuard(dirty && !save.isPending);

  const change = (next: Draft[]) => {
    setDrafts(next);
    setDirty(true);
  };
  const update = (index: number, draft: Draft) => {
    // A new property's name follows its label until it is saved.
    const taken = new Set(drafts.filter((_, i) => i !== index).map((d) => d.name));
    const named = draft.saved ? draft : { ...draft, name: propertyName(draft.label, taken) };
    change(drafts.map((d, i) => (i === index ? named : d)));
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    change(next);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { properties: toInput(drafts) },
      {
        onSuccess: (saved) => {
          setDrafts(saved.properties.map((p) => draftOf(p, true)));
          setDirty(false);
          setErrors({});
          showToast('saving_successful');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            setErrors(showFormErrors(error, { ns: 'administration' }));
          } else {
            showToast('saving_failure', { kind: 'error' });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors.properties && (
          <Text c="red" size="sm">
            {errors.properties}
          </Text>
        )}
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {drafts.map((draft, index) => (
            <PropertyEditor
              key={draft.key}
              draft={draft}
              index={index}
              count={drafts.length}
              errors={errors}
              onChange={(next) => update(index, next)}
              onMove={(by) => move(index, by)}
              onRemove={() => {
                change(drafts.filter((_, i) => i !== index));
                setErrors({});
              }}
            />
          ))}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => change([...drafts, draftOf({ name: '', label: '', type: 'text' }, false)])}
          >
            {t('profile_properties.add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('profile_properties.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/administration/profile`: the properties of the network's member profile, edited and saved as
 * a whole. Removing a property hides its values; they stay stored.
 */
export function ProfilePropertiesPage() {
  const { t } = useTranslation('administration');
  usePageTitle(t('profile_properties.title'));
  const set = useQuery(propertySetQuery());
  const missing = set.error instanceof ApiError && [403, 404].includes(set.error.status);
  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {t('profile_properties.title')}
            </Title>
          }
          backTo="/administration"
        />
        <Text c="dimmed">{t('profile_properties.intro')}</Text>
        {set.isPending && <LoadingRow />}
        {missing && <NotFoundState titleOrder={2} />}
        {set.isError && !missing && <ErrorRow error={set.error} onRetry={() => void set.refetch()} />}
        {set.data && <ProfilePropertiesForm key={set.dataUpdatedAt} set={set.data} />}
      </Stack>
    </PageContainer>
  );
}
