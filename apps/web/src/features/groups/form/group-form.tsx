import { Button, Group, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GROUP_ACCESS, GROUP_LIMITS, groupFieldRules, type GroupAccess, type GroupFields } from '@agora/contracts';
import { LazyRichTextEditor } from '../../../ui/lazy-rich-text-editor.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { UploadField, UploadsPendingError, useUploadField, type UploadItem } from '../../../ui/upload/index.ts';
import { fieldErrorMessages } from '../../../ui/use-error-message.ts';
import { LimitedTextInput, LimitedTextarea } from '../../../ui/limited-text.tsx';

export type GroupFormValues = GroupFields & { group_category_id: string };

export type GroupFormProps = {
  initial: GroupFormValues;
  /** `can.create_hidden` of the category (new) or the group (edit). */
  canCreateHidden: boolean;
  /** The group is hidden already: it may stay so. */
  wasHidden?: boolean;
  submitLabel: string;
  cancelTo: string;
  /** Saves the fields; rejects with the server's error. */
  onSave: (fields: GroupFormValues) => Promise<unknown>;
};

/** The stored image as the item of its upload field. */
function storedImage(id: string | null, name: string): UploadItem[] {
  if (!id) return [];
  return [
    { clientId: `stored-${id}`, id, name, size: 0, type: 'image', extension: '', external_id: null, progress: 100 },
  ];
}

/** The access to fall back to when a switch makes the chosen one impossible. */
function fittingAccess(values: GroupFormValues, canCreateHidden: boolean, wasHidden: boolean): GroupAccess {
  const rules = groupFieldRules(values, { canCreateHidden, wasHidden });
  const usable = (access: GroupAccess) => rules.accessOffered(access) && !rules.accessDisabled(access);
  if (usable(values.access)) return values.access;
  return GROUP_ACCESS.find(usable) ?? values.access;
}

/**
 * The group form of `/groups/new/{categorySlug}` and `/groups/{slug}/edit`, with the rules of the
 * administration spec, section 5: open is disabled for sensitive groups, closed is not offered for
 * the active main group, hidden only with `can.create_hidden`, moderated join not for hidden
 * groups, and saving waits for the profile image's upload.
 */
export function GroupForm({
  initial,
  canCreateHidden,
  wasHidden = false,
  submitLabel,
  cancelTo,
  onSave,
}: GroupFormProps) {
  const { t } = useTranslation('groups');
  const [values, setValues] = useState<GroupFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const image = useUploadField('images', storedImage(initial.profile_image, t('form.profile_image')));
  const rules = groupFieldRules(values, { canCreateHidden, wasHidden });

  const set = <K extends keyof GroupFormValues>(field: K, value: GroupFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      next.access = fittingAccess(next, canCreateHidden, wasHidden);
      if (next.access === 'hidden') next.moderated_join = false;
      return next;
    });
    setErrors(({ [field as string]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await image.save(async (ids) => {
        await onSave({ ...values, profile_image: ids[0] ?? null });
      });
    } catch (error) {
      const fields = fieldErrorMessages(error, 'groups');
      setErrors(fields ?? {});
      const name = values.name.trim() || initial.name;
      if (error instanceof UploadsPendingError) showToast('upload:uploads_pending', { kind: 'error' });
      else showToast(t('form.save_failure', { name }), { kind: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const toggle = (field: keyof GroupFormValues, label: string, description?: string) => (
    <Switch
      label={label}
      description={description}
      checked={values[field] as boolean}
      onChange={(event) => set(field, event.currentTarget.checked as never)}
      error={errors[field]}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Section title={t('form.about')}>
          <LimitedTextInput
            label={t('form.name')}
            required
            value={values.name}
            maxLength={GROUP_LIMITS.nameMaxLength}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <LimitedTextarea
            label={t('form.teaser')}
            description={t('form.teaser_hint')}
            value={values.teaser}
            maxLength={GROUP_LIMITS.teaserMaxLength}
            autosize
            minRows={2}
            onChange={(event) => set('teaser', event.currentTarget.value)}
            error={errors.teaser}
          />
          <LazyRichTextEditor
            label={t('form.description')}
            value={values.description}
            onChange={(html) => set('description', html)}
            error={errors.description}
          />
          <UploadField
            {...image.fieldProps}
            multiple={false}
            label={t('form.profile_image')}
            description={t('form.profile_image_hint')}
          />
          {errors.profile_image && (
            <Text size="sm" c="red">
              {errors.profile_image}
            </Text>
          )}
        </Section>

        <Section title={t('form.access_title')}>
          <Radio.Group
            label={t('form.access')}
            value={values.access}
            onChange={(access) => set('access', access as GroupAccess)}
            error={errors.access}
          >
            <Stack gap="xs" mt="xs">
              {GROUP_ACCESS.filter((access) => rules.accessShown(access) && rules.accessOffered(access)).map(
                (access) => (
                  <Radio
                    key={access}
                    value={access}
                    label={t(`access.${access}`)}
                    description={
                      rules.accessDisabled(access) ? t('form.open_not_for_sensitive') : t(`form.access_hint.${access}`)
                    }
                    disabled={rules.accessDisabled(access)}
                  />
                ),
              )}
            </Stack>
          </Radio.Group>
          {rules.moderatedJoinOffered &&
            toggle('moderated_join', t('form.moderated_join'), t('form.moderated_join_hint'))}
          {toggle('sensitive', t('form.sensitive'), t('form.sensitive_hint'))}
          {toggle('active_main_group', t('form.active_main_group'), t('form.active_main_group_hint'))}
          {toggle('externally_visible', t('form.externally_visible'), t('form.externally_visible_hint'))}
        </Section>

        <Section title={t('form.collaboration')}>
          {toggle('members_can_invite', t('form.members_can_invite'))}
          {toggle('invites_restricted', t('form.invites_restricted'), t('form.invites_restricted_hint'))}
          <Switch
            label={t('form.chat')}
            checked={values.chat === 'enabled'}
            onChange={(event) => set('chat', event.currentTarget.checked ? 'enabled' : 'disabled')}
            error={errors.chat}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={cancelTo}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={image.isUploading || !values.name.trim()}>
            {submitLabel}
          </Button>
        </Group>
        {image.isUploading && (
          <Text size="sm" c="dimmed" ta="right">
            {t('form.wait_for_upload')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
