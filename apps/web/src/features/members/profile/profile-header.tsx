import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMessageCircle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberProfile } from '@agora/contracts';
import { useOpenDirectChat } from '../../chat/index.ts';
import { IgnoreButton } from '../../ignored-members/index.ts';
import { useProfileFieldLabel } from '../../../ui/properties/profile-labels.ts';

/** The member's image (initials without one), name, what tells them apart, badges and how to reach them. */
export function ProfileHeader({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const labelOf = useProfileFieldLabel();
  const chat = useOpenDirectChat();
  const detection = profile.detection;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="lg" wrap="wrap" align="center">
        <Avatar
          src={profile.images.large}
          name={profile.displayName}
          color="initials"
          variant="filled"
          size={120}
          radius={999}
          alt=""
          aria-hidden
          data-testid="profile-image"
        />
        <Stack gap={6} miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
            {profile.displayName}
          </Title>
          {detection && (
            <Text c="dimmed">
              <VisuallyHidden>{`${labelOf(detection.key)}: `}</VisuallyHidden>
              {detection.value}
            </Text>
          )}
          {(profile.is_external || profile.locked || profile.birthday?.is_today) && (
            <Group gap={6}>
              {profile.is_external && (
                <Badge variant="dot" color="orange">
                  {t('profile.external')}
                </Badge>
              )}
              {profile.locked && <Badge color="red.9">{t('profile.locked')}</Badge>}
              {profile.birthday?.is_today && (
                <Badge variant="light" color="grape">
                  {t('profile.birthday_today')}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        {profile.can.update_profile && (
          <Button
            variant="default"
            component={Link}
            to={`/members/${profile.id}/edit`}
            leftSection={<IconPencil size={18} aria-hidden />}
            style={{ flex: 'none' }}
          >
            {t('profile_edit.link')}
          </Button>
        )}
        <IgnoreButton member={profile} />
        {profile.contact.chat && (
          <Button
            leftSection={<IconMessageCircle size={18} aria-hidden />}
            loading={chat.opening}
            onClick={() => void chat.open(profile.id)}
            style={{ flex: 'none' }}
          >
            {t('profile.chat')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
