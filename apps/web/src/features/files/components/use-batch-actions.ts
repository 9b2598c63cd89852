import type { BatchAnswer, FileEntry, FolderSummary } from '@agora/contracts';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { downloadArchive, useBatchDelete, useBatchMove } from '../api.ts';
import { folderName } from '../lib/folder-name.ts';
import type { Selection } from '../lib/selection.ts';

const EMPTY: BatchAnswer = { done: { file_ids: [], folder_ids: [] }, refused: [] };

/** Both answers of a selection's two calls (its files, its folders) as one. */
function merge(a: BatchAnswer, b: BatchAnswer): BatchAnswer {
  return {
    done: {
      file_ids: [...a.done.file_ids, ...b.done.file_ids],
      folder_ids: [...a.done.folder_ids, ...b.done.folder_ids],
    },
    refused: [...a.refused, ...b.refused],
  };
}

/**
 * The batch actions of the files table: delete and move (files and folders each by their own
 * call, one answer), and the selection as a zip. Refused items are named in a toast with why.
 */
export function useBatchActions(sourceFolderId: string | null, files: FileEntry[], folders: FolderSummary[]) {
  const { t } = useTranslation('files');
  const remove = useBatchDelete();
  const move = useBatchMove();

  const nameOf = (type: 'file' | 'folder', id: string) =>
    type === 'file'
      ? (files.find((file) => file.id === id)?.name ?? id)
      : folderName(folders.find((folder) => folder.id === id) ?? { name: id, i18n_type: 'folder', group: null }, t);

  const report = (answer: BatchAnswer, doneKey: string) => {
    if (answer.done.file_ids.length + answer.done.folder_ids.length > 0) showToast(t(doneKey), { kind: 'success' });
    if (answer.refused.length > 0) {
      const names = answer.refused
        .map((item) => `${nameOf(item.type, item.id)} (${t(`batch.reasons.${item.reason}`)})`)
        .join(', ');
      showToast(t('batch.refused', { names }), { kind: 'error', autoClose: false });
    }
  };

  async function run(
    selection: Selection,
    call: (type: 'files' | 'folders', body: { file_ids?: string[]; folder_ids?: string[] }) => Promise<BatchAnswer>,
  ): Promise<BatchAnswer> {
    const [a, b] = await Promise.all([
      selection.fileIds.length > 0 ? call('files', { file_ids: selection.fileIds }) : EMPTY,
      selection.folderIds.length > 0 ? call('folders', { folder_ids: selection.folderIds }) : EMPTY,
    ]);
    return merge(a, b);
  }

  const fail = (error: unknown) => showToast(errorMessage(error, 'files'), { kind: 'error' });

  return {
    pending: remove.isPending || move.isPending,
    async delete(selection: Selection): Promise<boolean> {
      const count = selection.fileIds.length + selection.folderIds.length;
      const ok = await confirm({
        title: t('batch.delete_title'),
        message: t('batch.delete_message', { count }),
        confirmLabel: t('toolbar.delete'),
        danger: true,
      });
      if (!ok) return false;
      try {
        const answer = await run(selection, (type, body) =>
          remove.mutateAsync({ type, body: { ...body, source_folder_id: sourceFolderId } }),
        );
        report(answer, 'batch.deleted');
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async move(selection: Selection, target: FolderSummary): Promise<boolean> {
      try {
        const answer = await run(selection, (type, body) =>
          move.mutateAsync({
            type,
            body: { ...body, source_folder_id: sourceFolderId, target_folder_id: target.id },
          }),
        );
        report(answer, 'batch.moved');
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async download(selection: Selection) {
      try {
        await downloadArchive({
          file_ids: selection.fileIds,
          folder_ids: selection.folderIds,
          current_folder_id: sourceFolderId,
        });
      } catch (error) {
        fail(error);
      }
    },
  };
}
