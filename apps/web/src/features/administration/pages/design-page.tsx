import { ColorInput, Group, Paper, SegmentedControl, SimpleGrid, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contrastText, type Theme } from '@agora/contracts';
import { UploadField, UploadsPendingError, useUploadField, type UploadItem } from '../../../ui/upload/index.ts';
import { FormCard, SubmitForm, SettingsPage } from '../../../ui/form-card.tsx';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { showToast } from '../../../ui/toast.tsx';
import { designQuery, useSaveDesign } from '../api.ts';

type Colors = Theme['colors'];
const COLOR_FIELDS: Array<keyof Colors> = [
  'primary',
  'header_background',
  'header_text',
  'userbar_background',
  'userbar_text',
];

/** The network's design: colours, logo, favicon, logo and banner type, full width. */
export function DesignPage() {
  const { t } = useTranslation('administration');
  const design = useQuery(designQuery);

  return (
    <SettingsPage title={t('design.title')} backTo="/administration" size="md" query={design}>
      {(data) => <DesignForm initial={data.theme} />}
    </SettingsPage>
  );
}

/** The stored logo or favicon as an item of its upload field. */
function storedImage(image: { id: string; extension?: string } | null, name: string): UploadItem[] {
  if (!image) return [];
  const extension = image.extension ?? '';
  return [
    {
      clientId: `stored-${image.id}`,
      id: image.id,
      name,
      size: 0,
      type: 'image',
      extension,
      external_id: null,
      progress: 100,
    },
  ];
}

function DesignForm({ initial }: { initial: Theme }) {
  const { t } = useTranslation('administration');
  const save = useSaveDesign();
  const [theme, setTheme] = useState<Theme>(initial);
  const logo = useUploadField('assets', storedImage(initial.logoImage, t('design.images.logo')));
  const favicon = useUploadField('assets', storedImage(initial.faviconImage, t('design.images.favicon')));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setColor = (field: keyof Colors, value: string) =>
    setTheme((current) => ({ ...current, colors: { ...current.colors, [field]: value } }));

  const submit = async () => {
    let images: Pick<Theme, 'logoImage' | 'faviconImage'>;
    try {
      const [logoItems, faviconItems] = await Promise.all([logo.publish(), favicon.publish()]);
      const logoItem = logoItems[0] ?? logo.items.find((item) => item.id && item.state !== 'removed');
      const faviconItem = faviconItems[0] ?? favicon.items.find((item) => item.id && item.state !== 'removed');
      images = {
        logoImage: logoItem?.id ? { id: logoItem.id } : null,
        faviconImage: faviconItem?.id ? { id: faviconItem.id, extension: faviconItem.extension } : null,
      };
    } catch (error) {
      showToast(error instanceof UploadsPendingError ? 'upload:uploads_pending' : 'saving_failure');
      return;
    }
    save.mutate(
      { theme: { ...theme, ...images } },
      {
        onSuccess: () => {
          setErrors({});
          showToast('saving_successful');
          // Replaced images are deleted only once the design no longer points at them.
          void Promise.allSettled([logo.deleteRemoved(), favicon.deleteRemoved()]);
        },
        onError: (error) =>
          setErrors(
            showFormErrors(error, {
              labels: Object.fromEntries(COLOR_FIELDS.map((f) => [`colors.${f}`, t(`design.colors.${f}`)])),
            }),
          ),
      },
    );
  };

  return (
    <SubmitForm
      onSubmit={() => void submit()}
      submitLabel={t('common:save')}
      loading={save.isPending}
      disabled={logo.isUploading || favicon.isUploading}
      gap="md"
    >
      <FormCard title={t('design.colors.title')} padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {COLOR_FIELDS.map((field) => (
            <ColorInput
              key={field}
              label={t(`design.colors.${field}`)}
              value={theme.colors[field]}
              onChange={(value) => setColor(field, value)}
              format="hex"
              withEyeDropper={false}
              error={errors[`colors.${field}`]}
            />
          ))}
        </SimpleGrid>
        <DesignPreview theme={theme} />
      </FormCard>
      <FormCard title={t('design.images.title')} padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <UploadField
            {...logo.fieldProps}
            multiple={false}
            label={t('design.images.logo')}
            description={t('design.images.logo_hint')}
          />
          <UploadField
            {...favicon.fieldProps}
            multiple={false}
            label={t('design.images.favicon')}
            description={t('design.images.favicon_hint')}
          />
        </SimpleGrid>
      </FormCard>
      <FormCard title={t('design.layout.title')} padding="md">
        <Choice
          id="design-logo-type"
          label={t('design.layout.logo_type')}
          value={theme.logoType}
          onChange={(logoType) => setTheme((c) => ({ ...c, logoType }))}
          options={[
            { value: 'default', label: t('design.layout.logo_default') },
            { value: 'extended', label: t('design.layout.logo_extended') },
          ]}
        />
        <Choice
          id="design-banner-type"
          label={t('design.layout.banner_type')}
          value={theme.bannerType}
          onChange={(bannerType) => setTheme((c) => ({ ...c, bannerType }))}
          options={[
            { value: 'none', label: t('design.layout.banner_none') },
            { value: 'color', label: t('design.layout.banner_color') },
            { value: 'image', label: t('design.layout.banner_image') },
          ]}
        />
        <Switch
          label={t('design.layout.full_width')}
          checked={theme.fullWidth}
          onChange={(event) => setTheme((c) => ({ ...c, fullWidth: event.currentTarget.checked }))}
        />
      </FormCard>
    </SubmitForm>
  );
}

/** One of a few choices, labelled (a segmented control has no label of its own). */
function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string }>;
}) {
  return (
    <div>
      <Text size="sm" fw={500} id={props.id}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={props.id}
        value={props.value}
        onChange={(value) => props.onChange(value as T)}
        data={props.options}
      />
    </div>
  );
}

/** How the header and user bar will look with these colours. */
function DesignPreview({ theme }: { theme: Theme }) {
  const { t } = useTranslation('administration');
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-label={t('design.preview')} role="img">
      <Group px="md" h={44} bg={theme.colors.header_background} c={theme.colors.header_text} justify="space-between">
        <Text fw={700}>{t('design.preview')}</Text>
        <Text
          span
          size="xs"
          fw={600}
          px="xs"
          py={2}
          bg={theme.colors.primary}
          c={contrastText(theme.colors.primary)}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {t('design.preview_button')}
        </Text>
      </Group>
      <Group h={56} gap={0} align="stretch">
        <Text size="sm" w={140} p="sm" bg={theme.colors.userbar_background} c={theme.colors.userbar_text} aria-hidden>
          {t('design.preview_userbar')}
        </Text>
      </Group>
    </Paper>
  );
}
