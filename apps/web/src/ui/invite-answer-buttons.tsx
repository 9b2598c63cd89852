import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export type InviteAnswer = 'accept' | 'reject';

type Props = {
  can: { accept: boolean; reject: boolean };
  /** The answer being sent, if any: its button spins, the other waits. */
  pending: InviteAnswer | null;
  onAnswer: (answer: InviteAnswer) => void;
  /** Visible texts and the labels that name what is answered, already translated. */
  labels: { accept: string; reject: string; acceptNamed: string; rejectNamed: string };
};

/** Accept and decline of an invite of any kind (appointments, groups). */
export function InviteAnswerButtons({ can, pending, onAnswer, labels }: Props) {
  return (
    <Group gap="xs" wrap="wrap">
      {can.accept && (
        <Button
          size="xs"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={pending === 'accept'}
          disabled={pending === 'reject'}
          onClick={() => onAnswer('accept')}
          aria-label={labels.acceptNamed}
        >
          {labels.accept}
        </Button>
      )}
      {can.reject && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} aria-hidden />}
          loading={pending === 'reject'}
          disabled={pending === 'accept'}
          onClick={() => onAnswer('reject')}
          aria-label={labels.rejectNamed}
        >
          {labels.reject}
        </Button>
      )}
    </Group>
  );
}
