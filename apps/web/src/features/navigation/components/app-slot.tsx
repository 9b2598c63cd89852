import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Divider, Group, Paper, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  APP_NAVIGATION_LIMITS,
  canBeEntryPoint,
  isSameHostLink,
  type AppNavigationItem,
  type AppNavigationMoreEntry,
  type AppNavigationOptions,
} from '@agora/contracts';
import { AppItemFields, type EntryLike } from './app-item-fields.tsx';

type SlotProps = {
  item: AppNavigationItem;
  position: number;
  host: string;
  used: (entry?: number) => Set<string>;
  onChange: (patch: Partial<AppNavigationItem>) => void;
  onType: (type: AppNavigationItem['type']) => void;
  onUrl: (url: string) => void;
  onRemove: () => void;
};

/** One of the five places of the app's bar; the more item stays in its place. */
export function AppSlot({ item, position, host, used, onChange, onType, onUrl, onRemove }: SlotProps) {
  const { t } = useTranslation('navigation');
  const isMore = item.type === 'more';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: isMore,
  });
  const name = item.label.trim() || t('editor.untitled');
  const entries = item.options.items ?? [];
  const setEntries = (next: AppNavigationMoreEntry[]) => onChange({ options: { ...item.options, items: next } });
  const patchEntry = (index: number, patch: Partial<EntryLike>) =>
    setEntries(entries.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      data-testid="app-slot"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {isMore ? (
              <Tooltip label={t('app.more_fixed')}>
                <ActionIcon variant="subtle" color="gray" aria-label={t('app.more_fixed')} disabled>
                  <IconLock size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : (
              <ActionIcon
                ref={setActivatorNodeRef}
                variant="subtle"
                color="gray"
                aria-label={t('editor.move', { name })}
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...attributes}
                {...listeners}
              >
                <IconGripVertical size={18} aria-hidden />
              </ActionIcon>
            )}
            <Badge variant="light" circle aria-hidden>
              {position}
            </Badge>
            <Radio
              value={item.id}
              label={t('app.entry_point')}
              disabled={!canBeEntryPoint(item.type)}
              aria-label={t('app.entry_point_of', { name })}
            />
          </Group>
          <Tooltip label={t('editor.remove', { name })}>
            <ActionIcon variant="subtle" color="red" aria-label={t('editor.remove', { name })} onClick={onRemove}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <AppItemFields
          entry={item}
          used={used()}
          allowMore={isMore || !usedMore(used())}
          host={host}
          onLabel={(label) => onChange({ label })}
          onType={onType}
          onIcon={(icon) => onChange({ icon })}
          onUrl={onUrl}
          onOptions={(options) => onChange({ options: { ...options, items: item.options.items } })}
        />
        {isMore && (
          <Stack gap="xs" pl="md" style={{ borderInlineStart: '2px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={600}>
              {t('app.more_items')}
            </Text>
            {entries.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('app.more_empty')}
              </Text>
            )}
            {entries.map((entry, index) => (
              <Stack key={entry.id} gap={4}>
                {index > 0 && <Divider />}
                <Group justify="flex-end">
                  <Tooltip label={t('editor.remove', { name: entry.label || t('editor.untitled') })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('editor.remove', { name: entry.label || t('editor.untitled') })}
                      onClick={() => setEntries(entries.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <AppItemFields
                  entry={entry}
                  used={used(index)}
                  allowMore={false}
                  host={host}
                  onLabel={(label) => patchEntry(index, { label })}
                  onType={(type) => patchEntry(index, { type, options: optionsFor(type, entry.options) })}
                  onIcon={(icon) => patchEntry(index, { icon })}
                  onUrl={(url) =>
                    patchEntry(index, {
                      options: {
                        ...entry.options,
                        url,
                        open_in: isSameHostLink(url, host) ? 'webview' : entry.options.open_in,
                      },
                    })
                  }
                  onOptions={(options) => patchEntry(index, { options })}
                />
              </Stack>
            ))}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={entries.length >= APP_NAVIGATION_LIMITS.moreItems}
              onClick={() =>
                setEntries([
                  ...entries,
                  {
                    id: `entry-${Date.now().toString(36)}`,
                    label: '',
                    type: 'link',
                    icon: 'link',
                    options: { url: '', open_in: 'webview' },
                  },
                ])
              }
              style={{ alignSelf: 'flex-start' }}
            >
              {t('app.add_more_item')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

const usedMore = (used: Set<string>) => used.has('more');

function optionsFor(type: EntryLike['type'], options: AppNavigationOptions): AppNavigationOptions {
  if (type === 'link') return { url: options.url ?? '', open_in: options.open_in ?? 'webview' };
  if (type === 'page') return { page: options.page ?? null };
  if (type === 'activitystream') return { activitystream: options.activitystream ?? null };
  return {};
}
