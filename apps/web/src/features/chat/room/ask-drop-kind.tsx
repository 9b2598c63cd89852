import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../../../i18n/index.ts';
import type { AttachmentKind } from './draft-attachments.ts';

let nextId = 0;

/**
 * Dropped pictures may be meant as images (shown in the message) or as files (downloads): the
 * member is asked (spec 5). Answers null when the dialog is closed without a choice.
 */
export function askDropKind(count: number): Promise<AttachmentKind | null> {
  nextId += 1;
  const modalId = `chat-drop-kind-${nextId}`;
  const t = i18n.getFixedT(null, 'chat-room');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: AttachmentKind | null, close = true) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      if (close) modals.close(modalId);
    };
    modals.open({
      modalId,
      title: t('drop_kind.title'),
      centered: true,
      onClose: () => settle(null, false),
      children: (
        <Stack gap="lg">
          <Text>{t('drop_kind.question', { count })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => settle('files')}>
              {t('drop_kind.files')}
            </Button>
            <Button onClick={() => settle('images')} data-autofocus>
              {t('drop_kind.images')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
