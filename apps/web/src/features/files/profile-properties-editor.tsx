import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FILE_LIMITS, PROFILE_PROPERTY_TYPES, type ProfileProperty, type ProfilePropertyType } from '@agora/contracts';

/** Date, text and selection values can be sorted by; tags cannot. */
export const SORTABLE_TYPES: ProfilePropertyType[] = ['date', 'text', 'selection'];

export function newProperty(): ProfileProperty {
  return { name: '', label: '', type: 'text', sortable: false, options: [], tag_parents: [] };
}

type EditorProps = {
  /** Dotted path of the properties in the settings, for the errors (`file_profiles.properties`). */
  path: string;
  properties: ProfileProperty[];
  onChange: (properties: ProfileProperty[]) => void;
  error: (path: string) => string | undefined;
};

function OptionsEditor({ property, index, path, onChange, error }: PropertyProps) {
  const { t } = useTranslation('files');
  const setOption = (at: number, field: 'value' | 'label', text: string) =>
    onChange({
      ...property,
      options: property.options.map((option, i) => (i === at ? { ...option, [field]: text } : option)),
    });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('profiles.options')}
      </Text>
      {property.options.map((option, at) => (
        <Group key={at} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('profiles.option_value', { number: at + 1 })}
            value={option.value}
            onChange={(event) => setOption(at, 'value', event.currentTarget.value)}
            error={error(`${path}.${index}.options.${at}.value`)}
            required
          />
          <TextInput
            style={{ flex: 1 }}
            label={t('profiles.option_label', { number: at + 1 })}
            value={option.label}
            onChange={(event) => setOption(at, 'label', event.currentTarget.value)}
            error={error(`${path}.${index}.options.${at}.label`)}
            required
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('profiles.remove_option', { number: at + 1 })}
            onClick={() => onChange({ ...property, options: property.options.filter((_, i) => i !== at) })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange({ ...property, options: [...property.options, { value: '', label: '' }] })}
        >
          {t('profiles.add_option')}
        </Button>
      </Group>
      {error(`${path}.${index}.options`) && (
        <Text size="sm" c="red">
          {error(`${path}.${index}.options`)}
        </Text>
      )}
    </Stack>
  );
}

type PropertyProps = {
  property: ProfileProperty;
  index: number;
  path: string;
  onChange: (property: ProfileProperty) => void;
  error: (path: string) => string | undefined;
};

function PropertyEditor(props: PropertyProps) {
  const { property, index, path, onChange, error } = props;
  const { t } = useTranslation('files');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('profiles.name')}
          description={t('profiles.name_hint')}
          value={property.name}
          onChange={(event) => onChange({ ...property, name: event.currentTarget.value })}
          error={error(`${path}.${index}.name`)}
          required
        />
        <TextInput
          label={t('profiles.label')}
          value={property.label}
          onChange={(event) => onChange({ ...property, label: event.currentTarget.value })}
          error={error(`${path}.${index}.label`)}
          required
        />
        <Select
          label={t('profiles.type')}
          data={PROFILE_PROPERTY_TYPES.map((type) => ({ value: type, label: t(`profiles.types.${type}`) }))}
          value={property.type}
          allowDeselect={false}
          onChange={(type) => {
            const next = type as ProfilePropertyType;
            onChange({ ...property, type: next, sortable: SORTABLE_TYPES.includes(next) && property.sortable });
          }}
        />
      </SimpleGrid>
      {SORTABLE_TYPES.includes(property.type) && (
        <Checkbox
          label={t('profiles.sortable')}
          checked={property.sortable}
          onChange={(event) => onChange({ ...property, sortable: event.currentTarget.checked })}
        />
      )}
      {property.type === 'selection' && <OptionsEditor {...props} />}
      {property.type === 'tag' && (
        <TagsInput
          label={t('profiles.tag_parents')}
          description={t('profiles.tag_parents_hint')}
          value={property.tag_parents}
          onChange={(tag_parents) => onChange({ ...property, tag_parents })}
          maxTags={20}
          error={error(`${path}.${index}.tag_parents`)}
        />
      )}
    </Stack>
  );
}

/** The properties of a profile: name, label, type, sortable, and the options or parent tags their type needs. */
export function ProfilePropertiesEditor({ path, properties, onChange, error }: EditorProps) {
  const { t } = useTranslation('files');
  const replace = (at: number, property: ProfileProperty) =>
    onChange(properties.map((current, i) => (i === at ? property : current)));
  const move = (at: number, by: -1 | 1) => {
    const next = [...properties];
    [next[at], next[at + by]] = [next[at + by]!, next[at]!];
    onChange(next);
  };
  return (
    <Stack gap="sm">
      {properties.map((property, at) => {
        const title = property.label || t('profiles.property_number', { number: at + 1 });
        return (
          <Paper key={at} withBorder p="sm" radius="sm" component="fieldset" aria-label={title} m={0}>
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} component="legend" p={0}>
                {title}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={at === 0}
                  aria-label={t('profiles.move_up', { name: title })}
                  onClick={() => move(at, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={at === properties.length - 1}
                  aria-label={t('profiles.move_down', { name: title })}
                  onClick={() => move(at, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('profiles.remove_property', { name: title })}
                  onClick={() => onChange(properties.filter((_, i) => i !== at))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <PropertyEditor
              property={property}
              index={at}
              path={path}
              onChange={(next) => replace(at, next)}
              error={error}
            />
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={properties.length >= FILE_LIMITS.profilePropertiesMax}
          onClick={() => onChange([...properties, newProperty()])}
        >
          {t('profiles.add_property')}
        </Button>
      </Group>
    </Stack>
  );
}
