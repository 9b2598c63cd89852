import { Anchor, Avatar, Box, Button, CloseButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconMessageReply, IconPencil, IconQuote, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVITY_TOAST_KEYS, type Activity, type ActivityReply, type ActivityReplyType } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { RichComposer, type RichComposerSubmit } from '../../../ui/composer/index.ts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { repliesQuery, useDeleteReply, useLikeReply, usePostReply, useUpdateReply } from '../api.ts';
import { attachmentsOf, replyTotal } from '../lib/content.ts';
import { threadReplies } from '../lib/threads.ts';
import { uploadItems } from '../lib/uploads.ts';
import { IgnoredContent } from '../../ignored-members/index.ts';
import { ActivityContent } from './activity-content.tsx';
import { Attachments } from './attachments.tsx';
import classes from './activities.module.css';

type Target = {
  quote: { id: string; author: string; content: string } | null;
  replyId: string | null;
  /** Whose reply is answered (shown above the composer). */
  replyTo?: string;
};

/**
 * The replies (and answers) of an activity: the latest ones, all of them on demand, and the
 * reply composer (on a question: answer or reply).
 */
export function ActivityReplies({
  activity,
  highlightReplyId,
  expanded = false,
}: {
  activity: Activity;
  highlightReplyId?: string | null;
  /** All replies from the start (the activity's own page). */
  expanded?: boolean;
}) {
  const { t } = useTranslation('activities');
  const total = replyTotal(activity);
  const isQuestion = activity.object.type === 'question';
  const [showAll, setShowAll] = useState(expanded || Boolean(highlightReplyId));
  const replies = useInfiniteQuery({ ...repliesQuery(activity.id, 'replies'), enabled: showAll });
  const answers = useInfiniteQuery({ ...repliesQuery(activity.id, 'answers'), enabled: showAll && isQuestion });
  const [target, setTarget] = useState<Target>({ quote: null, replyId: null });
  const [composerKey, setComposerKey] = useState(0);
  const canAnswer = isQuestion && activity.i.can.answer;
  const [type, setType] = useState<ActivityReplyType>(canAnswer ? 'answers' : 'replies');
  const post = usePostReply();

  // Everything loaded, oldest first (ids grow with time); else the latest the stream brought.
  const loaded = [
    ...(replies.data?.pages.flatMap((page) => page.replies) ?? []),
    ...(answers.data?.pages.flatMap((page) => page.replies) ?? []),
  ].sort((a, b) => a.id.localeCompare(b.id));
  const allLoaded = showAll && replies.isSuccess && (!isQuestion || answers.isSuccess);
  const shown = allLoaded ? loaded : activity.latest_replies;
  const hasMore = replies.hasNextPage || answers.hasNextPage;

  const openComposer = (next: Target) => {
    setTarget(next);
    setComposerKey((key) => key + 1);
  };

  const submit = async (value: RichComposerSubmit) => {
    try {
      await post.mutateAsync({
        activityId: activity.id,
        type: canAnswer && activity.i.can.reply ? type : canAnswer ? 'answers' : 'replies',
        body: {
          content: value.content,
          files: value.files,
          images: value.images,
          quotedReplyId: target.quote?.id ?? null,
          replyId: target.replyId,
        },
      });
      showToast(`activities:${ACTIVITY_TOAST_KEYS.replyPosted}`, { kind: 'success' });
      setTarget({ quote: null, replyId: null });
    } catch (error) {
      showToast(errorMessage(error), { kind: 'error' });
      throw error;
    }
  };

  const mayWrite = activity.i.can.reply || canAnswer;
  return (
    <Stack gap="xs" data-testid="activity-replies">
      {total > shown.length && !allLoaded && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setShowAll(true)}
          loading={showAll && (replies.isFetching || answers.isFetching)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('card.show_all_replies', { count: total })}
        </Button>
      )}
      {threadReplies(shown).map(({ reply, nested }) => (
        <ReplyItem
          key={reply.id}
          reply={reply}
          nested={nested}
          highlighted={reply.id === highlightReplyId}
          onQuote={
            mayWrite
              ? () =>
                  openComposer({
                    quote: {
                      id: reply.id,
                      author: reply.actor?.name ?? t('former_member'),
                      content: reply.plain_content,
                    },
                    replyId: null,
                  })
              : undefined
          }
          onReply={
            mayWrite
              ? () => openComposer({ quote: null, replyId: reply.id, replyTo: reply.actor?.name ?? t('former_member') })
              : undefined
          }
        />
      ))}
      {allLoaded && hasMore && (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            if (replies.hasNextPage) void replies.fetchNextPage();
            if (answers.hasNextPage) void answers.fetchNextPage();
          }}
        >
          {t('card.more_replies')}
        </Button>
      )}
      {mayWrite && (
        <RichComposer
          key={composerKey}
          placeholder={type === 'answers' && canAnswer ? t('reply.answer_placeholder') : t('reply.placeholder')}
          submitLabel={type === 'answers' && canAnswer ? t('reply.answer_submit') : t('reply.submit')}
          draftKey={`agora.activity-reply.${activity.id}`}
          startExpanded={composerKey > 0}
          withTags={false}
          quote={target.quote ? { author: target.quote.author, content: target.quote.content } : null}
          onRemoveQuote={() => setTarget((current) => ({ ...current, quote: null }))}
          onSubmit={submit}
          onCancel={() => setTarget({ quote: null, replyId: null })}
        >
          {target.replyId && (
            <Group gap={4} data-testid="reply-to">
              <Text size="xs" c="dimmed">
                {t('reply.replying_to', { name: target.replyTo ?? '' })}
              </Text>
              <CloseButton
                size="xs"
                aria-label={t('reply.replying_to_remove')}
                onClick={() => setTarget((current) => ({ ...current, replyId: null, replyTo: undefined }))}
              />
            </Group>
          )}
          {canAnswer && activity.i.can.reply && (
            <SegmentedControl
              size="xs"
              value={type}
              onChange={(value) => setType(value as ActivityReplyType)}
              data={[
                { value: 'answers', label: t('reply.type_answer') },
                { value: 'replies', label: t('reply.type_reply') },
              ]}
              aria-label={t('reply.type')}
            />
          )}
        </RichComposer>
      )}
    </Stack>
  );
}

type ReplyItemProps = {
  reply: ActivityReply;
  /** Written in answer to the reply above it: shown one level in. */
  nested: boolean;
  highlighted: boolean;
  onQuote?: () => void;
  onReply?: () => void;
};

/** One reply or answer with its quote, attachments and actions. */
function ReplyItem({ reply, nested, highlighted, onQuote, onReply }: ReplyItemProps) {
  const { t } = useTranslation('activities');
  const ref = useRef<HTMLDivElement>(null);
  // A like given here shows at once, until the reply comes again from the server.
  const [own, setOwn] = useState<{ base: string; liked: boolean; likes: number } | null>(null);
  const base = `${reply.i.liked}:${reply.like_count}`;
  const liked = own && own.base === base ? own.liked : reply.i.liked;
  const likes = own && own.base === base ? own.likes : reply.like_count;
  const [editing, setEditing] = useState(false);
  const like = useLikeReply();
  const update = useUpdateReply();
  const remove = useDeleteReply();

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);

  const toggleLike = () => {
    const next = !liked;
    const before = own;
    setOwn({ base, liked: next, likes: Math.max(0, likes + (next ? 1 : -1)) });
    like.mutate(
      { reply, like: next },
      {
        onError: (error) => {
          setOwn(before);
          showToast(errorMessage(error), { kind: 'error' });
        },
      },
    );
  };

  const destroy = async () => {
    const confirmed = await confirm({
      title: t('reply.delete_title'),
      message: t('reply.delete_text'),
      confirmLabel: t('delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(reply);
      showToast(`activities:${ACTIVITY_TOAST_KEYS.replyDeleted}`, { kind: 'success' });
    } catch (error) {
      showToast(errorMessage(error), { kind: 'error' });
    }
  };

  const save = async (value: RichComposerSubmit) => {
    try {
      await update.mutateAsync({
        reply,
        body: {
          content: value.content,
          files: value.files,
          images: value.images,
          quotedReplyId: reply.quoted_reply?.id ?? null,
        },
      });
      setEditing(false);
    } catch (error) {
      showToast(errorMessage(error), { kind: 'error' });
      throw error;
    }
  };

  const { images, files } = attachmentsOf(reply.attachments);
  const author = reply.actor?.name ?? t('former_member');
  return (
    <Box
      ref={ref}
      id={`reply-${reply.id}`}
      className={classes.reply}
      data-highlighted={highlighted || undefined}
      data-nested={nested || undefined}
      data-testid="activity-reply"
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar
          name={author}
          color="initials"
          size={28}
          alt=""
          styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
        />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            {reply.actor ? (
              <Anchor component={Link} to={reply.actor.path} size="sm" fw={600}>
                {author}
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                {author}
              </Text>
            )}
            {reply.type === 'answers' && (
              <Text size="xs" c="teal.9" fw={600}>
                {t('card.answer')}
              </Text>
            )}
            <Anchor component={Link} to={reply.html_url} size="xs" c="dimmed">
              {formatDateTime(reply.created_at)}
            </Anchor>
            {reply.edited && (
              <Text size="xs" c="dimmed">
                {t('card.edited')}
              </Text>
            )}
          </Group>
          {reply.quoted_reply && (
            <Box className={classes.quote} data-testid="reply-quote">
              <Text size="xs" fw={600}>
                {reply.quoted_reply.actor?.name ?? t('former_member')}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={3}>
                {reply.quoted_reply.plain_content}
              </Text>
            </Box>
          )}
          {editing ? (
            <RichComposer
              placeholder={t('reply.edit_placeholder')}
              submitLabel={t('save')}
              draftKey={null}
              startExpanded
              initialValue={{ content: reply.content, files: uploadItems(files), images: uploadItems(images) }}
              onSubmit={save}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <IgnoredContent author={reply.actor} ignored={reply.ignored}>
              <ActivityContent html={reply.content} plain={reply.plain_content} />
              <Attachments attachments={reply.attachments} withTags={false} />
            </IgnoredContent>
          )}
          <Group gap={4} wrap="wrap">
            {reply.i.can.like && (
              <Button
                variant="subtle"
                size="compact-xs"
                color={liked ? 'red' : 'gray'}
                c={liked ? 'red.9' : undefined}
                leftSection={liked ? <IconHeartFilled size={14} aria-hidden /> : <IconHeart size={14} aria-hidden />}
                aria-pressed={liked}
                onClick={toggleLike}
              >
                {t('like')}
                {likes > 0 ? ` · ${likes}` : ''}
              </Button>
            )}
            {!reply.i.can.like && likes > 0 && (
              <Text size="xs" c="dimmed">
                {t('likes', { count: likes })}
              </Text>
            )}
            {onQuote && (
              <Button
                variant="subtle"
                size="compact-xs"
                color="gray"
                leftSection={<IconQuote size={14} aria-hidden />}
                onClick={onQuote}
              >
                {t('reply.quote')}
              </Button>
            )}
            {onReply && (
              <Button
                variant="subtle"
                size="compact-xs"
                color="gray"
                leftSection={<IconMessageReply size={14} aria-hidden />}
                onClick={onReply}
              >
                {t('reply.reply')}
              </Button>
            )}
            {reply.i.can.update && !editing && (
              <Button
                variant="subtle"
                size="compact-xs"
                color="gray"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('edit')}
              </Button>
            )}
            {reply.i.can.destroy && (
              <Button
                variant="subtle"
                size="compact-xs"
                color="red"
                c="red.9"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => void destroy()}
              >
                {t('delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
