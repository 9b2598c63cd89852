import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Button, ColorSwatch, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCategory, IconGripVertical, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupCategory } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupCategoriesQuery, useOrderGroupCategories } from '../api.ts';

/** The spec's flash messages go away after 5 seconds. */
export const FLASH_MS = 5000;

type Flash = { kind: 'success' | 'error'; text: string } | null;

function SortableCategory({ category }: { category: GroupCategory }) {
  const { t } = useTranslation('groups');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: category.slug,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      data-testid="category-row"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group wrap="nowrap" gap="sm">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={t('categories.move', { name: category.name })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        {category.color && <ColorSwatch color={category.color} size={16} aria-hidden />}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {category.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {category.plural_name} · {category.slug}
          </Text>
        </div>
        <Tooltip label={t('categories.edit', { name: category.name })}>
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`/administration/group-categories/${category.slug}/edit`}
            aria-label={t('categories.edit', { name: category.name })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/** `/administration/group-categories-order/edit`: drag (or move by keyboard) to order the categories. */
export function CategoryOrderPage() {
  const { t } = useTranslation('groups');
  usePageTitle(t('categories.order_title'));
  const categories = useQuery(groupCategoriesQuery);
  const reorder = useOrderGroupCategories();
  // The order dropped last, shown until the list is loaded again in it (or put back after a failure).
  const [order, setOrder] = useState<string[] | null>(null);
  const [flash, setFlash] = useState<Flash>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const loaded = categories.data ?? [];
  const items = order ? order.flatMap((slug) => loaded.filter((c) => c.slug === slug)) : loaded;
  const nameOf = (slug: unknown) => items.find((c) => c.slug === slug)?.name ?? '';
  const positionOf = (slug: unknown) => items.findIndex((c) => c.slug === slug) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((c) => c.slug === active.id);
    const to = items.findIndex((c) => c.slug === over.id);
    const next = arrayMove(items, from, to).map((c) => c.slug);
    setOrder(next);
    reorder.mutate(next, {
      onSuccess: () => setFlash({ kind: 'success', text: t('categories.order_saved') }),
      onError: () => {
        setFlash({ kind: 'error', text: t('categories.order_failure') });
        setOrder(null);
      },
    });
  };

  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar
          title={t('categories.order_title')}
          backTo="/administration"
          actions={
            <Button
              component={Link}
              to="/administration/group-categories/new"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('categories.new')}
            </Button>
          }
        />
        <Text c="dimmed">{t('categories.order_intro')}</Text>
        {flash && (
          <Alert
            color={flash.kind === 'success' ? 'green' : 'red'}
            role={flash.kind === 'success' ? 'status' : 'alert'}
            withCloseButton
            closeButtonLabel={t('categories.close')}
            onClose={() => setFlash(null)}
          >
            {flash.text}
          </Alert>
        )}
        {categories.isPending && <LoadingRow />}
        {categories.isError && <ErrorRow error={categories.error} onRetry={() => void categories.refetch()} />}
        {categories.data?.length === 0 && (
          <EmptyState
            icon={<IconCategory size={32} aria-hidden />}
            title={t('categories.empty')}
            text={t('categories.empty_text')}
          />
        )}
        {items.length > 0 && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: { draggable: t('categories.drag_instructions') },
              announcements: {
                onDragStart: ({ active }) => t('categories.announce.start', { name: nameOf(active.id) }),
                onDragOver: ({ active, over }) =>
                  over
                    ? t('categories.announce.over', { name: nameOf(active.id), position: positionOf(over.id) })
                    : undefined,
                onDragEnd: ({ active, over }) =>
                  over
                    ? t('categories.announce.end', { name: nameOf(active.id), position: positionOf(over.id) })
                    : undefined,
                onDragCancel: ({ active }) => t('categories.announce.cancel', { name: nameOf(active.id) }),
              },
            }}
          >
            <SortableContext items={items.map((c) => c.slug)} strategy={verticalListSortingStrategy}>
              <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {items.map((category) => (
                  <li key={category.slug}>
                    <SortableCategory category={category} />
                  </li>
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
      </Stack>
    </PageContainer>
  );
}
