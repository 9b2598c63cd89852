import { Group, SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TOAST_KEYS, type Activity, type ActivityPostType } from '@agora/contracts';
import { RichComposer, type RichComposerSubmit } from '../../../ui/composer/index.ts';
import { showToast } from '../../../ui/toast.tsx';
import { streamListQuery, usePostActivity } from '../api.ts';
import { defaultTargets } from '../lib/content.ts';
import { StreamTargetSelect } from './stream-target-select.tsx';

type PostComposerProps = {
  /** The stream shown (its slug, and its group within a group), or null for the home. */
  current: { slug: string; groupId?: string | null } | null;
  onPosted: (activity: Activity) => void;
};

/**
 * The composer at the top of a stream: a note or a question to one or more streams (grouped by
 * category, network streams first), starting with the stream shown, or the network's default
 * stream on the home and `all`. Nothing where the member may post nowhere.
 */
export function PostComposer({ current, onPosted }: PostComposerProps) {
  const { t } = useTranslation('activities');
  const postable = useQuery(streamListQuery(true));
  const post = usePostActivity();
  const [type, setType] = useState<ActivityPostType>('note');
  const slug = current?.slug ?? null;
  const groupId = current?.groupId ?? null;
  const initial = useMemo(
    () => defaultTargets(postable.data, slug === null ? null : { slug, groupId }),
    [postable.data, slug, groupId],
  );
  // The member's choice, for the default it was made from (another stream starts anew).
  const [chosen, setChosen] = useState<{ from: string[]; ids: string[] } | null>(null);
  const targets = chosen && chosen.from === initial ? chosen.ids : initial;
  const setTargets = (ids: string[]) => setChosen({ from: initial, ids });

  if (!postable.data || !postable.data.categories.some((entry) => entry.streams.length > 0)) return null;
  // Only where the stream shown takes posts (the home and `all` take them through the default stream).
  if (current && current.slug !== 'all' && initial.length === 0) return null;

  const submit = async (value: RichComposerSubmit) => {
    try {
      const activity = await post.mutateAsync({
        activity: { ...value, activitystream_ids: targets, type },
      });
      showToast(`activities:${ACTIVITY_TOAST_KEYS.posted}`, { kind: 'success' });
      setType('note');
      setChosen(null);
      onPosted(activity);
    } catch (error) {
      showToast(`activities:${ACTIVITY_TOAST_KEYS.notPosted}`, { kind: 'error' });
      throw error;
    }
  };

  const draftKey = `agora.activity-post.${current?.groupId ?? current?.slug ?? 'home'}`;
  return (
    <div data-testid="post-composer">
      <RichComposer
        placeholder={t('composer.placeholder')}
        submitLabel={t('composer.submit')}
        draftKey={draftKey}
        withTags
        submitDisabled={targets.length === 0}
        onSubmit={submit}
        onCancel={() => {
          setType('note');
          setChosen(null);
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={type}
            onChange={(value) => setType(value as ActivityPostType)}
            data={[
              { value: 'note', label: t('composer.type_note') },
              { value: 'question', label: t('composer.type_question') },
            ]}
            aria-label={t('composer.type')}
          />
          <StreamTargetSelect
            value={targets}
            onChange={setTargets}
            error={targets.length === 0 ? t('composer.targets_empty') : undefined}
          />
        </Group>
      </RichComposer>
    </div>
  );
}
