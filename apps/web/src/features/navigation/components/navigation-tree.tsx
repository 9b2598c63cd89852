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
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canAddChild, canIndent, canOutdent, type EditorNode } from '../tree.ts';

export type TreeActions = {
  onEdit: (node: EditorNode) => void;
  onAddChild: (parentKey: string) => void;
  onRemove: (node: EditorNode) => void;
  onMove: (parentKey: string | null, from: string, to: string) => void;
  onIndent: (key: string) => void;
  onOutdent: (key: string) => void;
};

type TreeProps = TreeActions & {
  all: EditorNode[];
  nodes: EditorNode[];
  parentKey: string | null;
  level: number;
  errors: Map<string, Record<string, string>>;
  showErrors: boolean;
};

/** One level of the tree: its items are dragged (or moved by keyboard) among themselves. */
export function NavigationTree(props: TreeProps) {
  const { t } = useTranslation('navigation');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (key: unknown) => props.nodes.find((n) => n.key === key)?.text || t('editor.untitled');
  const positionOf = (key: unknown) => props.nodes.findIndex((n) => n.key === key) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onMove(props.parentKey, String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => t('editor.drag.start', { name: nameOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('editor.drag.over', { name: nameOf(active.id), position: positionOf(over.id) }) : '',
          onDragEnd: ({ active, over }) =>
            t('editor.drag.end', { name: nameOf(active.id), position: positionOf(over?.id ?? active.id) }),
          onDragCancel: ({ active }) => t('editor.drag.cancel', { name: nameOf(active.id) }),
        },
        screenReaderInstructions: { draggable: t('editor.drag.instructions') },
      }}
    >
      <SortableContext items={props.nodes.map((n) => n.key)} strategy={verticalListSortingStrategy}>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {props.nodes.map((node) => (
            <TreeItem key={node.key} node={node} {...props} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function TreeItem({ node, ...props }: TreeProps & { node: EditorNode }) {
  const { t } = useTranslation('navigation');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: node.key,
  });
  const name = node.text.trim() || t('editor.untitled');
  const errors = props.showErrors ? props.errors.get(node.key) : undefined;
  const errorText = errors
    ? [...new Set(Object.values(errors))]
        .map((key) => t(`errors.${key}`, { defaultValue: t('errors.invalid') }))
        .join(' ')
    : null;
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
      data-testid="navigation-item"
    >
      <Paper withBorder radius="md" p="xs" style={errors ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}>
        <Group wrap="nowrap" gap="xs" align="center">
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
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} c={node.text.trim() ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {node.public && (
                <Badge size="xs" variant="light" color="teal">
                  {t('editor.public_badge')}
                </Badge>
              )}
              {node.new_window && (
                <Badge size="xs" variant="light" color="gray">
                  {t('editor.new_window_badge')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {node.link || (node.children.length > 0 ? t('editor.menu_only') : t('editor.no_link'))}
            </Text>
            {errorText && (
              <Text size="sm" c="red.8" role="alert">
                {errorText}
              </Text>
            )}
          </div>
          <Group gap={2} wrap="nowrap">
            <IconButton
              label={t('editor.edit', { name })}
              onClick={() => props.onEdit(node)}
              icon={<IconPencil size={18} aria-hidden />}
            />
            {canAddChild(props.level) && (
              <IconButton
                label={t('editor.add_child', { name })}
                onClick={() => props.onAddChild(node.key)}
                icon={<IconPlus size={18} aria-hidden />}
              />
            )}
            {canOutdent(props.all, node.key) && (
              <IconButton
                label={t('editor.outdent', { name })}
                onClick={() => props.onOutdent(node.key)}
                icon={<IconArrowBarToLeft size={18} aria-hidden />}
              />
            )}
            {canIndent(props.all, node.key) && (
              <IconButton
                label={t('editor.indent', { name })}
                onClick={() => props.onIndent(node.key)}
                icon={<IconArrowBarToRight size={18} aria-hidden />}
              />
            )}
            <IconButton
              label={t('editor.remove', { name })}
              color="red"
              onClick={() => props.onRemove(node)}
              icon={<IconTrash size={18} aria-hidden />}
            />
          </Group>
        </Group>
      </Paper>
      {node.children.length > 0 && (
        <div style={{ paddingInlineStart: 'var(--mantine-spacing-lg)', marginTop: 6 }}>
          <NavigationTree {...props} nodes={node.children} parentKey={node.key} level={props.level + 1} />
        </div>
      )}
    </li>
  );
}

function IconButton({
  label,
  icon,
  onClick,
  color,
}: {
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
