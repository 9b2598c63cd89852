import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKUP_CODES_FILE_NAME } from '@agora/contracts';

/** Saves the codes as a text file, one a line. */
export function downloadBackupCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([codes.join('\n') + '\n'], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = BACKUP_CODES_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** New backup codes, shown this once, with their download. */
export function BackupCodesPanel({ codes, children }: { codes: string[]; children?: ReactNode }) {
  const { t } = useTranslation('two-factor');
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title={t('backup_codes.title')}>
        {t('backup_codes.shown_once')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label={t('backup_codes.title')} data-testid="backup-codes">
        {codes.map((code) => (
          <Code key={code} fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('backup_codes.hint')}
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={() => downloadBackupCodes(codes)}>
          {t('backup_codes.download')}
        </Button>
        {children}
      </Group>
    </Stack>
  );
}
