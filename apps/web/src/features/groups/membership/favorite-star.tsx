import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Group } from '@agora/contracts';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { useFavoriteGroup } from './api.ts';

/** The star of a group the member belongs to: favorite groups come first in the user bar. */
export function FavoriteStar({ group }: { group: Group }) {
  const { t } = useTranslation('group-membership');
  const favorite = useFavoriteGroup(group);
  const label = t(group.favorited ? 'favorite.remove' : 'favorite.add');
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="yellow.8"
        size="lg"
        aria-label={label}
        aria-pressed={group.favorited}
        loading={favorite.isPending}
        onClick={() =>
          favorite.mutate(!group.favorited, {
            onError: (error) => showToast(errorMessage(error, 'group-membership'), { kind: 'error' }),
          })
        }
      >
        {group.favorited ? <IconStarFilled size={20} aria-hidden /> : <IconStar size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
