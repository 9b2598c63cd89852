import { Image, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_LIMITS } from '@agora/contracts';
import { UploadField, stateOf, type UploadFieldState } from '../../../ui/upload/index.ts';
import { StreamTargetSelect } from '../../activities/index.ts';
import { networkQuery } from '../../home/index.ts';
import { FormSection, type SectionProps } from './form-section.tsx';

/** The large picture of the chosen event image: the stored one's, or the new upload's. */
function imagePreview(image: UploadFieldState, stored: { id: string; large_thumb: string } | null): string | null {
  const item = image.items.find((candidate) => ['volatile', 'published'].includes(stateOf(candidate)));
  if (!item?.id) return null;
  if (stored && item.id === stored.id) return stored.large_thumb;
  return `/api/storage/images/${encodeURIComponent(item.id)}/get/457x457`;
}

type AttachmentsProps = SectionProps & {
  files: UploadFieldState;
  image: UploadFieldState;
  storedImage: { id: string; large_thumb: string } | null;
};

/** Files and the event image, uploaded at once and published when the appointment is saved. */
export function AttachmentsSection({ files, image, storedImage, errors }: AttachmentsProps) {
  const { t } = useTranslation('appointments');
  const network = useQuery(networkQuery);
  const preview = imagePreview(image, storedImage);
  return (
    <FormSection title={t('form.sections.attachments')}>
      <UploadField
        {...files.fieldProps}
        label={t('form.files')}
        maxFiles={APPOINTMENT_LIMITS.filesMax}
        extensionFilter={network.data?.config.file_extension_filter}
        error={errors.event_file_ids}
      />
      <UploadField
        {...image.fieldProps}
        multiple={false}
        label={t('form.event_image')}
        description={t('form.event_image_hint')}
        error={errors.event_image_id}
      />
      {preview && (
        <Image src={preview} alt={t('form.event_image_preview')} radius="md" mah={240} w="auto" fit="contain" />
      )}
    </FormSection>
  );
}

/** Whether the appointment is posted to the activity stream, and to how many streams. */
export function StreamSection({ values, update, errors }: SectionProps) {
  const { t } = useTranslation('appointments');
  return (
    <FormSection title={t('form.sections.stream')}>
      <Switch
        label={t('form.post_to_stream')}
        checked={values.postToStream}
        onChange={(event) => {
          const postToStream = event.currentTarget.checked;
          update((v) => ({ ...v, postToStream }), 'post_to_stream');
        }}
      />
      {values.postToStream && (
        <StreamTargetSelect
          size="sm"
          label={t('form.stream_targets_label')}
          value={values.streamIds}
          onChange={(streamIds) => update((v) => ({ ...v, streamIds }), 'activitystream_ids')}
          error={errors.activitystream_ids}
        />
      )}
    </FormSection>
  );
}
