import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId } from 'react';

export type InviteAnswer = 'accept' | 'reject';

type Props = {
  can: { accept: boolean; reject: boolean };
  /** The answer being sent, if any: its button spins, the other waits. */
  pending: InviteAnswer | null;
  onAnswer: (answer: InviteAnswer) => void;
  /** Visible texts and the labels that name what is answered, already translated. */
  labels: { accept: string; reject: string; acceptNamed: string; rejectNamed: string };
  /**
   * Why accepting is not possible while declining is (a fully booked appointment): accept is
   * then shown disabled, with this reason beside it, instead of being left out.
   */
  acceptUnavailable?: string | null;
};

/** Accept and decline of an invite of any kind (appointments, groups). */
export function InviteAnswerButtons({ can, pending, onAnswer, labels, acceptUnavailable }: Props) {
  const reasonId = useId();
  const unavailable = !can.accept && acceptUnavailable ? acceptUnavailable : null;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        {(can.accept || unavailable) && (
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={pending === 'accept'}
            disabled={!can.accept || pending === 'reject'}
            onClick={() => onAnswer('accept')}
            aria-label={labels.acceptNamed}
            aria-describedby={unavailable ? reasonId : undefined}
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
      {unavailable && (
        <Text size="sm" c="red.8" id={reasonId} data-testid="accept-unavailable">
          {unavailable}
        </Text>
      )}
    </Stack>
  );
}
