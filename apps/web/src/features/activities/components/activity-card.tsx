import { ActionIcon, Anchor, Avatar, Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconDots,
  IconHeart,
  IconHeartFilled,
  IconMail,
  IconMessageCircle,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVITY_TOAST_KEYS, type Activity } from '@agora/contracts';
import { RichComposer, type RichComposerSubmit } from '../../../ui/composer/index.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { formatDate, formatDateTime, formatTime } from '../../../ui/date-format.ts';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { AcknowledgementsModal } from '../../circular-letters/index.ts';
import { useAcknowledge, useDeleteActivity, useLikeActivity, useUpdateActivity } from '../api.ts';
import { attachmentsOf } from '../lib/content.ts';
import { uploadItems } from '../lib/uploads.ts';
import { IgnoredContent } from '../../ignored-members/index.ts';
import { ActivityContent } from './activity-content.tsx';
import { StreamLinks } from './activity-parts.tsx';
import { ActivityReplies } from './activity-replies.tsx';
import { Attachments } from './attachments.tsx';

type ActivityCardProps = {
  activity: Activity;
  /** The reply to scroll to and highlight (the reply and answer routes). */
  highlightReplyId?: string | null;
  /** The activity's own page: the text in full. */
  full?: boolean;
  /** After deleting (the activity page leads back to the stream). */
  onDeleted?: () => void;
};

/** An activity as streams and its own page show it: who, where, what, and the conversation under it. */
export function ActivityCard({ activity, highlightReplyId = null, full = false, onDeleted }: ActivityCardProps) {
  const { t } = useTranslation('activities');
  const [editing, setEditing] = useState(false);
  const [acknowledgements, setAcknowledgements] = useState(false);
  const like = useLikeActivity();
  const update = useUpdateActivity();
  const remove = useDeleteActivity();
  const acknowledge = useAcknowledge();
  const { object, actor, circular_letter: letter } = activity;
  const author = actor?.name ?? t('former_member');

  const destroy = async () => {
    const confirmed = await confirm({
      title: t('card.delete_title'),
      message: t('card.delete_text'),
      confirmLabel: t('delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(activity.id);
      showToast(`activities:${ACTIVITY_TOAST_KEYS.deleted}`, { kind: 'success' });
      onDeleted?.();
    } catch (error) {
      showToast(errorMessage(error), { kind: 'error' });
    }
  };

  const save = async (value: RichComposerSubmit) => {
    try {
      await update.mutateAsync({
        activityId: activity.id,
        body: { activity: { content: value.content, files: value.files, images: value.images, tags: value.tags } },
      });
      showToast(`activities:${ACTIVITY_TOAST_KEYS.updated}`, { kind: 'success' });
      setEditing(false);
    } catch (error) {
      showToast(errorMessage(error), { kind: 'error' });
      throw error;
    }
  };

  const toggleLike = () =>
    like.mutate(
      { activity, like: !activity.i.liked },
      { onError: (error) => showToast(errorMessage(error), { kind: 'error' }) },
    );

  const ack = () =>
    acknowledge.mutate(activity.id, {
      onSuccess: () => showToast(`activities:${ACTIVITY_TOAST_KEYS.acknowledged}`, { kind: 'success' }),
      onError: (error) => showToast(errorMessage(error), { kind: 'error' }),
    });

  const { images, files, tags } = attachmentsOf(activity.attachments);
  const replies = activity.reply_count + activity.answer_count;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="activity-card"
      aria-label={t('card.label', { name: author })}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar
            name={author}
            color="initials"
            size={40}
            alt=""
            styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
          />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Group gap={6} wrap="wrap">
              {actor ? (
                <Anchor component={Link} to={actor.path} fw={600} size="sm">
                  {author}
                </Anchor>
              ) : (
                <Text fw={600} size="sm">
                  {author}
                </Text>
              )}
              {object.type === 'question' && (
                <Badge size="sm" variant="dot" color="teal" data-testid="question-badge">
                  {t('card.question')}
                </Badge>
              )}
              {letter && (
                <Badge size="sm" variant="dot" color="orange" leftSection={<IconMail size={12} aria-hidden />}>
                  {t('card.circular_letter')}
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="wrap">
              <Anchor component={Link} to={activity.html_url} size="xs" c="dimmed">
                <time dateTime={activity.created_at}>{formatDateTime(activity.created_at)}</time>
              </Anchor>
              {activity.edited && (
                <Text size="xs" c="dimmed">
                  · {t('card.edited')}
                </Text>
              )}
              {activity.activitystreams.length > 0 && (
                <Text size="xs" c="dimmed" component="span">
                  · {t('card.in')} <StreamLinks streams={activity.activitystreams} />
                </Text>
              )}
            </Group>
          </Stack>
          {(activity.i.can.update || activity.i.can.destroy) && !editing && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('card.actions')}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {activity.i.can.update && (
                  <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                    {t('edit')}
                  </Menu.Item>
                )}
                {activity.i.can.destroy && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => void destroy()}
                  >
                    {t('delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>

        {letter && (
          <Text fw={600} data-testid="circular-letter-subject">
            {letter.subject}
          </Text>
        )}
        {object.type !== 'note' && object.type !== 'question' && object.title && (
          <Paper withBorder radius="sm" p="xs">
            <Group gap="xs" wrap="nowrap">
              <IconCalendarEvent size={20} aria-hidden />
              <Stack gap={0} miw={0}>
                <Anchor
                  component={Link}
                  to={
                    object.type === 'appointment' && object.id
                      ? `/appointments/${object.id}`
                      : (object.url ?? activity.html_url)
                  }
                  fw={600}
                  size="sm"
                >
                  {object.title}
                </Anchor>
                {object.date && (
                  <Text size="xs" c="dimmed">
                    {object.date.all_day
                      ? formatDate(object.date.start)
                      : `${formatDate(object.date.start)} ${formatTime(object.date.start)}`}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        )}

        {editing ? (
          <RichComposer
            placeholder={t('card.edit_placeholder')}
            submitLabel={t('save')}
            draftKey={null}
            startExpanded
            withTags
            initialValue={{
              content: object.content,
              files: uploadItems(files),
              images: uploadItems(images),
              tags: tags.map((tag) => ({ id: tag.id, name: tag.name, new: false })),
            }}
            onSubmit={save}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <IgnoredContent author={activity.actor} ignored={activity.ignored}>
            {(object.type === 'note' || object.type === 'question' || !object.title) && (
              <ActivityContent html={object.content} plain={object.plain_content} truncate={!full} />
            )}
            <Attachments attachments={activity.attachments} />
          </IgnoredContent>
        )}

        {letter && (
          <Group gap="sm" wrap="wrap" data-testid="circular-letter">
            {letter.i.can.acknowledge && !letter.i.acknowledged && (
              <Button size="xs" onClick={ack} loading={acknowledge.isPending}>
                {t('card.acknowledge')}
              </Button>
            )}
            {letter.i.acknowledged && (
              <Text size="xs" c="teal.9">
                {t('card.acknowledged')}
              </Text>
            )}
            {letter.i.can.see_acknowledgements && (
              <>
                <Button variant="subtle" size="compact-xs" onClick={() => setAcknowledgements(true)}>
                  {t('card.acknowledged_count', { count: letter.acknowledged_count, total: letter.recipient_count })}
                </Button>
                <AcknowledgementsModal
                  activityId={activity.id}
                  subject={letter.subject}
                  opened={acknowledgements}
                  onClose={() => setAcknowledgements(false)}
                />
              </>
            )}
          </Group>
        )}

        <Group gap="xs" wrap="wrap">
          {activity.i.can.like ? (
            <Button
              variant="subtle"
              size="compact-sm"
              color={activity.i.liked ? 'red' : 'gray'}
              leftSection={
                activity.i.liked ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />
              }
              aria-pressed={activity.i.liked}
              onClick={toggleLike}
              data-testid="like-button"
            >
              {t('like')}
              {activity.like_count > 0 ? ` · ${activity.like_count}` : ''}
            </Button>
          ) : (
            activity.like_count > 0 && (
              <Text size="sm" c="dimmed">
                {t('likes', { count: activity.like_count })}
              </Text>
            )
          )}
          {replies > 0 && (
            <Group gap={4} c="dimmed">
              <IconMessageCircle size={16} aria-hidden />
              <Text size="sm" c="dimmed" data-testid="reply-count">
                {object.type === 'question'
                  ? [
                      t('card.answer_count', { count: activity.answer_count }),
                      ...(activity.reply_count > 0 ? [t('card.reply_count', { count: activity.reply_count })] : []),
                    ].join(' · ')
                  : t('card.reply_count', { count: replies })}
              </Text>
            </Group>
          )}
        </Group>

        <ActivityReplies activity={activity} highlightReplyId={highlightReplyId} expanded={full} />
      </Stack>
    </Paper>
  );
}
