import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_NAVIGATION_LIMITS, type AppNavigationItem } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { appNavigationQuery, useSaveAppNavigation } from '../api.ts';
import {
  addItem,
  canAddItem,
  canSave,
  changeType,
  removeItem,
  reorder,
  setEntryPoint,
  setLinkUrl,
  usedDefaultTypes,
} from '../app-rules.ts';
import { AppSlot } from '../components/app-slot.tsx';

/** `/administration/app_navigation/edit`: the five places of the mobile app's bar. */
export function AppNavigationEditPage() {
  const { t } = useTranslation('navigation');
  usePageTitle(t('app.title'));
  const loaded = useQuery(appNavigationQuery);
  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={t('app.title')} backTo="/administration" />
        <Text c="dimmed">{t('app.intro', { count: APP_NAVIGATION_LIMITS.items })}</Text>
        {loaded.isPending && <LoadingRow />}
        {loaded.isError && (
          <ErrorRow error={loaded.error} message={t('editor.load_error')} onRetry={() => void loaded.refetch()} />
        )}
        {loaded.data && <AppNavigationEditor initial={loaded.data.items} />}
      </Stack>
    </PageContainer>
  );
}

/** The five items as loaded, changed here and saved together. */
function AppNavigationEditor({ initial }: { initial: AppNavigationItem[] }) {
  const { t } = useTranslation('navigation');
  const save = useSaveAppNavigation();
  const [items, setItems] = useState<AppNavigationItem[]>(initial);
  const host = window.location.host;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const patch = (index: number, change: Partial<AppNavigationItem>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));
  const remove = async (index: number) => {
    const name = items[index]?.label || t('editor.untitled');
    const ok = await confirm({
      title: t('editor.remove_title'),
      message: t('editor.remove_text', { name }),
      confirmLabel: t('editor.remove_confirm'),
      danger: true,
    });
    if (ok) setItems((current) => removeItem(current, index));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setItems((current) => reorder(current, String(active.id), String(over.id)));
  };
  const submit = () => {
    if (!canSave(items)) return;
    save.mutate(items, {
      onSuccess: (saved) => {
        setItems(saved.items);
        showToast('saving_successful');
      },
      onError: (error) => showFormErrors(error, { ns: 'navigation' }),
    });
  };
  const entryPoint = items.find((item) => item.isEntryPoint)?.id ?? null;

  return (
    <>
      <>
        {items.length < APP_NAVIGATION_LIMITS.items && (
          <Alert color="yellow" role="status">
            {t('app.too_few', { count: APP_NAVIGATION_LIMITS.items - items.length })}
          </Alert>
        )}
        <Radio.Group
          value={entryPoint}
          onChange={(id) =>
            setItems(
              (current) =>
                current &&
                setEntryPoint(
                  current,
                  current.findIndex((i) => i.id === id),
                ),
            )
          }
          label={t('app.entry_point_group')}
          description={t('app.entry_point_hint')}
        >
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
              <Stack gap="sm" mt="xs">
                {items.map((item, index) => (
                  <AppSlot
                    key={item.id}
                    item={item}
                    position={index + 1}
                    host={host}
                    used={(entry) => usedDefaultTypes(items, { index, entry })}
                    onChange={(change) => patch(index, change)}
                    onType={(type) => setItems((current) => changeType(current, index, type))}
                    onUrl={(url) => setItems((current) => setLinkUrl(current, index, url, host))}
                    onRemove={() => void remove(index)}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        </Radio.Group>
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!canAddItem(items)}
            onClick={() => setItems((current) => addItem(current, t('app.new_item')))}
          >
            {t('app.add_item')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            disabled={!canSave(items)}
            loading={save.isPending}
            onClick={submit}
          >
            {t('editor.save')}
          </Button>
        </Group>
      </>
    </>
  );
}
