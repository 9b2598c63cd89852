import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_CATEGORY_LIMITS, type AppointmentCategory } from '@agora/contracts';
import { FormCard } from '../../../ui/form-card.tsx';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useSaveCategories } from '../api.ts';
import {
  addEntry,
  bodyOf,
  entriesOf,
  isChanged,
  isDuplicate,
  problems,
  renameEntry,
  toggleRemoval,
  type Entry,
} from '../lib/entries.ts';

const MAX = APPOINTMENT_CATEGORY_LIMITS.labelMaxLength;

function AddForm({ entries, onAdd }: { entries: Entry[]; onAdd: (label: string) => void }) {
  const { t } = useTranslation('appointment-categories');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = entries.length >= APPOINTMENT_CATEGORY_LIMITS.max;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim() || full) return;
    if (isDuplicate(entries, label)) {
      setError(t('errors.duplicated_category'));
      return;
    }
    onAdd(label);
    setLabel('');
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <LimitedTextInput
          label={t('new_label')}
          value={label}
          maxLength={MAX}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 12rem' }}
        />
        <Button
          type="submit"
          mt={25}
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!label.trim() || full}
        >
          {t('add')}
        </Button>
      </Group>
    </form>
  );
}

function EntryRow({
  entry,
  error,
  onRename,
  onToggle,
}: {
  entry: Entry;
  error: string | undefined;
  onRename: (label: string) => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation('appointment-categories');
  const name = entry.label.trim() || entry.original || '';
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <LimitedTextInput
        aria-label={t('label_of', { name })}
        value={entry.label}
        maxLength={MAX}
        disabled={entry._destroy}
        onChange={(event) => onRename(event.currentTarget.value)}
        error={error}
        description={entry._destroy ? t('flagged') : entry.isNew ? t('unsaved') : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        styles={entry._destroy ? { input: { textDecoration: 'line-through' } } : undefined}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Tooltip label={entry._destroy ? t('restore', { name }) : t('delete', { name })}>
        <ActionIcon
          variant="subtle"
          size="lg"
          mt={2}
          color={entry._destroy ? 'gray' : 'red'}
          aria-label={entry._destroy ? t('restore', { name }) : t('delete', { name })}
          onClick={onToggle}
        >
          {entry._destroy ? <IconArrowBackUp size={18} aria-hidden /> : <IconTrash size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The network's appointment categories, edited as a list and saved as a whole: rename in place,
 * add at the end (refused when the label is there already), delete (a saved one is flagged until
 * the save, a new one simply goes).
 */
export function CategoriesEditor({ categories }: { categories: AppointmentCategory[] }) {
  const { t } = useTranslation('appointment-categories');
  const [entries, setEntries] = useState<Entry[]>(() => entriesOf(categories));
  const save = useSaveCategories();
  const { handle } = useFormErrors({ ns: 'appointment-categories' });
  const found = problems(entries);
  const flagged = entries.filter((e) => e._destroy).length;

  const submit = () =>
    save.mutate(bodyOf(entries), {
      onSuccess: (saved) => {
        setEntries(entriesOf(saved));
        showToast('saving_successful');
      },
      onError: handle,
    });

  return (
    // Mantine's error red is too light on white for small text; a darker one for the messages.
    <Stack gap="md" style={{ '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties}>
      <FormCard padding="md">
        <Stack gap="sm">
          {entries.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
          {entries.map((entry, index) => {
            const problem = found.get(index);
            return (
              <EntryRow
                key={`${entry.isNew ? 'new' : 'saved'}-${entry.isNew ? index : entry.id}`}
                entry={entry}
                error={problem ? t(`errors.${problem}`) : undefined}
                onRename={(label) => setEntries((current) => renameEntry(current, index, label))}
                onToggle={() => setEntries((current) => toggleRemoval(current, index))}
              />
            );
          })}
        </Stack>
      </FormCard>
      <AddForm entries={entries} onAdd={(label) => setEntries((current) => addEntry(current, label))} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {flagged > 0 ? t('flagged_count', { count: flagged }) : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" disabled={!isChanged(entries)} onClick={() => setEntries(entriesOf(categories))}>
            {t('reset')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!isChanged(entries) || found.size > 0}>
            {t('save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
