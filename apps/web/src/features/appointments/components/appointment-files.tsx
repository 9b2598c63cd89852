import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_LIMITS, type EventFile } from '@agora/contracts';
import { formatFileSize, shortenName } from '../../../ui/file-format.ts';

/** The attached files: the first two, and all of them after "show more" (spec, section 9). */
export function AppointmentFiles({ files }: { files: EventFile[] }) {
  const { t, i18n } = useTranslation('appointments');
  const [expanded, setExpanded] = useState(false);
  if (files.length === 0) return null;
  const shown = expanded ? files : files.slice(0, APPOINTMENT_LIMITS.eventFilesShown);
  const hidden = files.length - shown.length;

  return (
    <Stack component="section" gap="xs" aria-labelledby="appointment-files-heading">
      <Text component="h2" fw={600} size="md" m={0} id="appointment-files-heading">
        {t('detail.files', { count: files.length })}
      </Text>
      <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((file) => (
          <Group component="li" key={file.id} gap="xs" wrap="nowrap" data-testid="event-file">
            <IconFile size={18} aria-hidden style={{ flex: 'none' }} />
            <Anchor href={file.url} size="sm" title={file.name} style={{ overflowWrap: 'anywhere' }}>
              {shortenName(file.name)}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {formatFileSize(file.size, i18n.language)}
            </Text>
          </Group>
        ))}
      </Stack>
      {hidden > 0 && (
        <div>
          <Button variant="subtle" size="compact-sm" onClick={() => setExpanded(true)}>
            {t('detail.show_more_files', { count: hidden })}
          </Button>
        </div>
      )}
    </Stack>
  );
}
