import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFile, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_LIMITS, type EventFile } from '@agora/contracts';
import { formatDate } from '../../../ui/date-format.ts';
import { formatFileSize, shortenName } from '../../../ui/file-format.ts';
import { isLocked } from '../lib/participation.ts';
import { FileLockDialog } from './file-lock-dialog.tsx';

type AppointmentFilesProps = { files: EventFile[]; appointmentId: string };

/**
 * The attached files: the first two, and all of them after "show more" (spec, section 9). A
 * member who may lock a file that is not locked yet is asked on download whether to lock it.
 */
export function AppointmentFiles({ files, appointmentId }: AppointmentFilesProps) {
  const { t, i18n } = useTranslation('appointments');
  const [expanded, setExpanded] = useState(false);
  const [asking, setAsking] = useState<EventFile | null>(null);
  if (files.length === 0) return null;
  const shown = expanded ? files : files.slice(0, APPOINTMENT_LIMITS.eventFilesShown);
  const hidden = files.length - shown.length;

  return (
    <Stack component="section" gap="xs" aria-labelledby="appointment-files-heading">
      <Text component="h2" fw={600} size="md" m={0} id="appointment-files-heading">
        {t('detail.files', { count: files.length })}
      </Text>
      <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((file) => {
          const locked = isLocked(file.locked_until);
          return (
            <Group component="li" key={file.id} gap="xs" wrap="wrap" data-testid="event-file">
              <IconFile size={18} aria-hidden style={{ flex: 'none' }} />
              <Anchor
                href={file.url}
                size="sm"
                title={file.name}
                style={{ overflowWrap: 'anywhere' }}
                onClick={(event) => {
                  // A plain click asks first; a new tab or window (modifier keys) just opens the file.
                  if (!file.can.lock || locked || event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  setAsking(file);
                }}
              >
                {shortenName(file.name)}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {formatFileSize(file.size, i18n.language)}
              </Text>
              {locked && (
                <Text size="xs" c="dimmed" style={{ flex: 'none' }} data-testid="file-locked">
                  <IconLock size={12} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 2 }} />
                  {t('file_lock.locked_until', { date: formatDate(file.locked_until) })}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
      {hidden > 0 && (
        <div>
          <Button variant="subtle" size="compact-sm" onClick={() => setExpanded(true)}>
            {t('detail.show_more_files', { count: hidden })}
          </Button>
        </div>
      )}
      <FileLockDialog appointmentId={appointmentId} file={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
