import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageDirectory } from '@agora/contracts';
import { ApiError } from '../../app/api-client.ts';
import { confirm } from '../confirm-dialog.tsx';
import { showToast } from '../toast.tsx';
import { normalizedExtensions, splitByExtension, type ExtensionFilter } from './extension-filter.ts';
import { isAbortError, uploadFile } from './upload-file.ts';
import { UploadItemRow } from './upload-item-row.tsx';
import {
  countTowardLimit,
  markFailed,
  markUploaded,
  nextClientId,
  queuedItem,
  removeItem,
  needsConfirmation,
  setProgress,
  visibleItems,
  type UploadItem,
} from './upload-queue.ts';

/** Images only for the images and assets directories, anything elsewhere (spec, section 5). */
export function defaultAccept(directory: StorageDirectory): string[] | undefined {
  return directory === 'images' || directory === 'assets' ? ['image/*'] : undefined;
}

export type UploadFieldProps = {
  directory: StorageDirectory;
  value: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** false: a single-file field, where a new file replaces the old one after confirmation. */
  multiple?: boolean;
  /** The most files the field holds; a larger selection is cut to fit, with a toast. */
  maxFiles?: number;
  /** MIME types (wildcards allowed); by default images for images and assets, else anything. */
  accept?: string[];
  /** The network's extension filter; owners pass it for the files directory. */
  extensionFilter?: ExtensionFilter;
  /** Sent as external_id with each upload. */
  externalId?: string | null;
  disabled?: boolean;
};

function names(files: Array<{ name: string }>): string {
  return files.map((file) => file.name).join(', ');
}

/**
 * The upload field of the forms (communication spec, sections 4 and 5): drop files or choose
 * them, each uploads at once with its own progress, and the owner (useUploadField) publishes the
 * volatile ones and deletes the removed ones when it saves.
 */
export function UploadField(props: UploadFieldProps) {
  const { directory, value, label, description, error, maxFiles, extensionFilter, externalId, disabled } = props;
  const multiple = props.multiple ?? true;
  const accept = props.accept ?? defaultAccept(directory);
  const { t } = useTranslation('upload');
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');
  const openRef = useRef<() => void>(null);

  // Uploads report back long after the pick: every change builds on the latest items, also when
  // several arrive before the owner renders again.
  const latest = useRef(value);
  const onChangeRef = useRef(props.onChange);
  useLayoutEffect(() => {
    latest.current = value;
    onChangeRef.current = props.onChange;
  });
  const update = useCallback((change: (items: UploadItem[]) => UploadItem[]) => {
    const next = change(latest.current);
    if (next === latest.current) return;
    latest.current = next;
    onChangeRef.current(next);
  }, []);

  // A field that goes away stops its uploads and drops their items: otherwise the owner, which
  // keeps the items, would wait for them (and block saving) forever.
  const uploads = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const [clientId, controller] of running) {
        controller.abort();
        update((items) => removeItem(items, clientId));
      }
    };
  }, [update]);

  const start = useCallback(
    (files: File[]) => {
      const queued = files.map((file) => ({ file, item: queuedItem(file, nextClientId(), externalId ?? null) }));
      update((items) => [...items, ...queued.map(({ item }) => item)]);
      for (const { file, item } of queued) {
        const controller = new AbortController();
        uploads.current.set(item.clientId, controller);
        uploadFile(directory, file, {
          signal: controller.signal,
          external_id: externalId ?? null,
          onProgress: (percent) => update((items) => setProgress(items, item.clientId, percent)),
        })
          .then((stored) => update((items) => markUploaded(items, item.clientId, stored)))
          .catch((reason: unknown) => {
            if (isAbortError(reason)) return;
            const status = reason instanceof ApiError ? reason.status : 0;
            update((items) => markFailed(items, item.clientId, status));
          })
          .finally(() => uploads.current.delete(item.clientId));
      }
    },
    [directory, externalId, update],
  );

  const drop = useCallback(
    (item: UploadItem) => {
      uploads.current.get(item.clientId)?.abort();
      update((items) => removeItem(items, item.clientId));
    },
    [update],
  );

  const onDropAny = async (picked: File[], rejections: FileRejection[]) => {
    const { accepted, rejected } = splitByExtension(picked, extensionFilter);
    const refused = [...rejections.map((rejection) => rejection.file), ...rejected];
    if (refused.length > 0) {
      const allowList = extensionFilter?.enabled && extensionFilter.mode === 'allow';
      const values = {
        names: names(refused),
        extensions: allowList ? normalizedExtensions(extensionFilter).join(', ') : '',
      };
      showToast(t(allowList ? 'file_type_not_accepted_allow_list' : 'file_type_not_accepted', values), {
        kind: 'error',
      });
    }
    if (accepted.length === 0) return;

    const limit = multiple ? (maxFiles ?? Infinity) : 1;
    // A single-file field replaces its file, so the old one leaves room for the new.
    const room = multiple ? Math.max(0, limit - countTowardLimit(latest.current)) : 1;
    const chosen = accepted.slice(0, room);
    const left = accepted.slice(room);
    if (left.length > 0) {
      // Translated here: the toast looks keys up as they are, and this one has plural forms.
      showToast(t('max_files_reached', { count: limit, names: names(left) }), { kind: 'error' });
    }
    if (chosen.length === 0) return;

    if (!multiple) {
      const current = visibleItems(latest.current);
      const kept = current.find(needsConfirmation);
      if (kept) {
        const replace = await confirm({
          message: t('confirm_replace', { name: kept.name, next: chosen[0]!.name }),
          confirmLabel: t('replace'),
          danger: true,
        });
        if (!replace) return;
      }
      current.forEach(drop);
    }
    start(chosen);
  };

  const onRemove = async (item: UploadItem) => {
    if (needsConfirmation(item)) {
      const removing = await confirm({
        message: t('confirm_remove', { name: item.name }),
        confirmLabel: t('remove_confirm'),
        danger: true,
      });
      if (!removing) return;
    }
    drop(item);
  };

  const shown = visibleItems(value);
  const chooseLabel = multiple ? t('choose_files') : t('choose_file');
  const allowed =
    extensionFilter?.enabled && extensionFilter.mode === 'allow'
      ? normalizedExtensions(extensionFilter).join(', ')
      : null;

  return (
    <Stack
      gap="xs"
      role="group"
      aria-labelledby={label ? labelId : undefined}
      aria-describedby={describedBy || undefined}
    >
      {label && (
        <Input.Label component="div" id={labelId}>
          {label}
        </Input.Label>
      )}
      {description && <Input.Description id={`${id}-description`}>{description}</Input.Description>}
      <Dropzone
        onDrop={() => {}}
        onDropAny={(files, rejections) => void onDropAny(files, rejections)}
        accept={accept}
        disabled={disabled}
        // The count and the single-file rule are applied above (cut to fit, not refuse all).
        multiple
        // The button opens the picker; the area itself is not a second tab stop.
        activateOnKeyboard={false}
        enablePointerEvents
        // The input-based picker: Playwright (and older browsers) can drive it.
        useFsAccessApi={false}
        // Browsers expose a file input as a second "choose" button; the visible one is enough.
        inputProps={{ multiple, 'aria-label': chooseLabel, 'aria-hidden': true }}
        openRef={openRef}
        p="md"
      >
        <Group justify="center" gap="sm" wrap="wrap" ta="center">
          <Dropzone.Accept>
            <IconUpload size={28} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={28} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={28} aria-hidden />
          </Dropzone.Idle>
          <Text size="sm">{multiple ? t('drop_hint') : t('drop_hint_single')}</Text>
          <Button
            variant="default"
            size="xs"
            disabled={disabled}
            onClick={(event) => {
              // The area opens the picker on click too; once is enough.
              event.stopPropagation();
              openRef.current?.();
            }}
          >
            {chooseLabel}
          </Button>
        </Group>
        {allowed && (
          <Text size="xs" c="dimmed" ta="center" mt={4}>
            {t('allowed_extensions', { extensions: allowed })}
          </Text>
        )}
      </Dropzone>
      {error && <Input.Error id={`${id}-error`}>{error}</Input.Error>}
      {shown.length > 0 && (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('list_label')}>
          {shown.map((item) => (
            <UploadItemRow
              key={item.clientId}
              directory={directory}
              item={item}
              disabled={disabled}
              onRemove={(target) => void onRemove(target)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
