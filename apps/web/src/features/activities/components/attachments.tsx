import { Anchor, Box, Group, Image, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivityAttachment } from '@agora/contracts';
import { formatFileSize, shortenName } from '../../../ui/file-format.ts';
import { attachmentsOf, thumbnails } from '../lib/content.ts';
import { TagChips } from './activity-parts.tsx';
import classes from './activities.module.css';

type Images = ReturnType<typeof attachmentsOf>['images'];

/** Image thumbnails: the first large, up to 7 small, "+n" for the rest; each opens the image. */
export function Thumbnails({ images }: { images: Images }) {
  const { t } = useTranslation('activities');
  if (images.length === 0) return null;
  const { large, small, more } = thumbnails(images);
  const tile = (image: Images[number], size: 'large' | 'small') => (
    <a
      key={image.id}
      href={image.url}
      target="_blank"
      rel="noopener noreferrer"
      className={size === 'large' ? classes.largeThumb : classes.smallThumb}
      data-testid={`thumbnail-${size}`}
      aria-label={t('card.open_image', { name: image.original_filename })}
    >
      <Image src={size === 'large' ? image.url : image.thumb_url} alt="" fit="cover" h="100%" w="100%" />
    </a>
  );
  const next = images[small.length + 1];
  return (
    <Stack gap={4} data-testid="thumbnails">
      {large && tile(large, 'large')}
      {(small.length > 0 || more > 0) && (
        <Group gap={4} wrap="wrap">
          {small.map((image) => tile(image, 'small'))}
          {more > 0 && next && (
            <a
              href={next.url}
              target="_blank"
              rel="noopener noreferrer"
              className={`${classes.smallThumb} ${classes.moreThumb}`}
              data-testid="thumbnail-more"
              aria-label={t('card.more_images', { count: more })}
            >
              +{more}
            </a>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Files, link previews and tags of an activity or reply. */
export function Attachments({
  attachments,
  withTags = true,
}: {
  attachments: ActivityAttachment[];
  withTags?: boolean;
}) {
  const { t, i18n } = useTranslation('activities');
  const { images, files, links, tags } = attachmentsOf(attachments);
  return (
    <>
      <Thumbnails images={images} />
      {files.length > 0 && (
        <Stack gap={2} component="ul" className={classes.plainList} aria-label={t('card.files')}>
          {files.map((file) => (
            <Group component="li" key={file.id} gap={6} wrap="nowrap">
              <IconFile size={16} aria-hidden />
              <Anchor
                href={file.url}
                size="sm"
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {shortenName(file.original_filename)}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(file.size, i18n.language)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {links.map((link) => (
        <Paper key={link.url} withBorder p="xs" radius="sm" data-testid="link-preview">
          <UnstyledButton component="a" href={link.url} target="_blank" rel="noopener noreferrer" w="100%">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {link.image_url && <Image src={link.image_url} alt="" w={72} h={72} fit="cover" radius="sm" />}
              <Box miw={0}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {link.title ?? link.url}
                </Text>
                {link.description && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {link.description}
                  </Text>
                )}
                <Text size="xs" c="dimmed" truncate>
                  {link.url}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
      {withTags && <TagChips tags={tags} />}
    </>
  );
}
