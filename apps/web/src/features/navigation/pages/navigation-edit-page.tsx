import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconListTree, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { NavigationItem } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useErrorMessage } from '../../../ui/use-error-message.ts';
import { editedNavigationQuery, useSaveNavigation } from '../api.ts';
import { ItemDialog } from '../components/item-dialog.tsx';
import { NavigationTree } from '../components/navigation-tree.tsx';
import {
  addNode,
  hasEmptyFields,
  indent,
  moveAmongSiblings,
  newNode,
  nodeErrors,
  outdent,
  removeNode,
  toEditorNodes,
  toNavigationItems,
  updateNode,
  type EditorNode,
} from '../tree.ts';

type Banner = { kind: 'success' } | { kind: 'error'; message: string } | null;

/**
 * `/administration/navigation/edit` and `/groups/{groupSlug}/administration/navigation/edit`:
 * the items of the header's navigation as a tree, saved as a whole.
 */
export function NavigationEditPage() {
  const { t } = useTranslation('navigation');
  const { groupSlug } = useParams();
  const loaded = useQuery(editedNavigationQuery(groupSlug));
  usePageTitle(groupSlug ? t('editor.group_title') : t('editor.title'));

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={groupSlug ? t('editor.group_title') : t('editor.title')}
          backTo={groupSlug ? `/groups/${groupSlug}/administration` : '/administration'}
        />
        <Text c="dimmed">{groupSlug ? t('editor.group_intro') : t('editor.intro')}</Text>
        {loaded.isPending && <LoadingRow />}
        {loaded.isError && (
          <ErrorRow error={loaded.error} message={t('editor.load_error')} onRetry={() => void loaded.refetch()} />
        )}
        {loaded.data && <NavigationEditor groupSlug={groupSlug} initial={loaded.data.navigation_items} />}
      </Stack>
    </PageContainer>
  );
}

/** The tree as loaded, changed here and saved as a whole. */
function NavigationEditor({ groupSlug, initial }: { groupSlug?: string; initial: NavigationItem[] }) {
  const { t } = useTranslation('navigation');
  const save = useSaveNavigation(groupSlug);
  const describe = useErrorMessage('navigation');
  const [nodes, setNodes] = useState<EditorNode[]>(() => toEditorNodes(initial));
  const [editing, setEditing] = useState<EditorNode | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const errors = useMemo(() => nodeErrors(nodes), [nodes]);

  const change = (next: EditorNode[]) => {
    setNodes(next);
    setBanner(null);
  };
  // An item just added and closed without applying is taken away again.
  const fresh = useRef<string | null>(null);
  const add = (parentKey: string | null) => {
    const node = newNode();
    change(addNode(nodes, parentKey, node));
    fresh.current = node.key;
    setEditing(node);
  };
  const closeDialog = () => {
    const key = fresh.current;
    fresh.current = null;
    if (key) setNodes((current) => removeNode(current, key));
    setEditing(null);
  };
  const remove = async (node: EditorNode) => {
    const name = node.text.trim() || t('editor.untitled');
    const ok = await confirm({
      title: t('editor.remove_title'),
      message:
        node.children.length > 0 ? t('editor.remove_with_children', { name }) : t('editor.remove_text', { name }),
      confirmLabel: t('editor.remove_confirm'),
      danger: true,
    });
    if (ok) change(removeNode(nodes, node.key));
  };
  const submit = () => {
    if (errors.size > 0) {
      setShowErrors(true);
      if (hasEmptyFields(errors))
        showToast('navigation:errors.message_empty_fields', { kind: 'error', id: 'navigation-empty' });
      else showToast('navigation:errors.fix_items', { kind: 'error', id: 'navigation-empty' });
      return;
    }
    save.mutate(toNavigationItems(nodes), {
      onSuccess: (saved) => {
        setNodes(toEditorNodes(saved.navigation_items));
        setShowErrors(false);
        setBanner({ kind: 'success' });
      },
      onError: (error) => setBanner({ kind: 'error', message: describe(error) }),
    });
  };

  return (
    <>
      {banner?.kind === 'success' && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setBanner(null)}
          closeButtonLabel={t('editor.close')}
        >
          {t('editor.saved')}
        </Alert>
      )}
      {banner?.kind === 'error' && (
        <Alert color="red" role="alert" title={t('editor.save_error')}>
          {banner.message}
        </Alert>
      )}
      <>
        {nodes.length === 0 ? (
          <EmptyState
            icon={<IconListTree size={28} aria-hidden />}
            title={t('editor.empty_title')}
            text={t('editor.empty_text')}
          />
        ) : (
          <NavigationTree
            all={nodes}
            nodes={nodes}
            parentKey={null}
            level={0}
            errors={errors}
            showErrors={showErrors}
            onEdit={setEditing}
            onAddChild={add}
            onRemove={(node) => void remove(node)}
            onMove={(parentKey, from, to) => change(moveAmongSiblings(nodes, parentKey, from, to))}
            onIndent={(key) => change(indent(nodes, key))}
            onOutdent={(key) => change(outdent(nodes, key))}
          />
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => add(null)}>
            {t('editor.add_item')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={submit}
            loading={save.isPending}
            data-blocked={showErrors && errors.size > 0 ? true : undefined}
          >
            {t('editor.save')}
          </Button>
        </Group>
      </>
      <ItemDialog
        node={editing}
        groupSlug={groupSlug}
        errors={editing ? errors.get(editing.key) : undefined}
        onSave={(key, patch) => {
          fresh.current = null;
          change(updateNode(nodes, key, patch));
        }}
        onClose={closeDialog}
      />
    </>
  );
}
