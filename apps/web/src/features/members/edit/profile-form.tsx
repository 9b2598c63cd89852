import { Anchor, Button, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileForm as ProfileFormData, ProfileUpdate, Property } from '@agora/contracts';
import { DateInput } from '../../../ui/date-input.tsx';
import { FormCard, SubmitForm } from '../../../ui/form-card.tsx';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { PropertyField } from '../../../ui/properties/index.ts';
import { useLeaveGuard } from '../../../ui/use-leave-guard.ts';

type Fields = {
  first_name: string;
  last_name: string;
  display_name: string;
  birthday: string | null;
  show_age: boolean;
  profile_image: { id: string; name?: string } | null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function fieldsOf(form: ProfileFormData): Fields {
  const v = form.values;
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    display_name: v.display_name ?? '',
    birthday: v.birthday,
    show_age: v.show_age,
    profile_image: v.profile_image ? { id: v.profile_image.id } : null,
  };
}

export type ProfileFormProps = {
  form: ProfileFormData;
  /** Saves what changed; rejects with the server's error (422: errors per field). */
  save: (member: ProfileUpdate) => Promise<unknown>;
  saving: boolean;
  submitLabel: string;
  /** Where cancelling leads; without it no cancel button. */
  cancelPath?: string;
  /** Called with what the save answered; the leave guard is released first. */
  onSaved: (answer: unknown) => void;
  /** The onboarding sends every value (required ones are checked then), the editor only what changed. */
  sendAll?: boolean;
  /** A link to request changes of the fields the member changes only by request. */
  changeRequestPath?: string | null;
};

/**
 * The profile form (names, birthday, image and each of the network's profile properties), shared
 * by the profile editor and the onboarding. Only changed values are sent, so values stored before
 * the network's properties changed are kept as they are; server errors land on their fields
 * (`profile.{name}`), leaving with unsaved changes asks first.
 */
export function ProfileForm(props: ProfileFormProps) {
  const { form, save, saving, submitLabel, cancelPath, onSaved, sendAll, changeRequestPath } = props;
  const { t } = useTranslation('members');
  const initial = useMemo(() => fieldsOf(form), [form]);
  const [fields, setFields] = useState<Fields>(initial);
  const [profile, setProfile] = useState<Record<string, unknown>>(form.values.profile);
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const labels = useMemo(
    () => Object.fromEntries(form.properties.map((p) => [`profile.${p.name}`, p.label])),
    [form.properties],
  );
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'members' });
  const requestOnly = new Set(form.change_request_fields);

  const changedValues = Object.fromEntries(
    form.properties
      .filter((p) => !requestOnly.has(p.name))
      .filter((p) => sendAll || !same(profile[p.name], form.values.profile[p.name]))
      .map((p) => [p.name, profile[p.name] ?? null]),
  );
  const changedFields = (Object.keys(fields) as Array<keyof Fields>).filter((key) => !same(fields[key], initial[key]));
  const dirty = changedFields.length > 0 || Object.keys(changedValues).length > 0;
  const guard = useLeaveGuard(dirty && !saving);

  const setField = <K extends keyof Fields>(key: K, value: Fields[K], errorKey: string = key) => {
    setFields((current) => ({ ...current, [key]: value }));
    clear(errorKey);
  };

  const submit = async () => {
    const member: ProfileUpdate = {};
    for (const key of changedFields) {
      if (key === 'profile_image') member.profile_image_id = fields.profile_image?.id ?? null;
      else if (key === 'display_name') member.display_name = fields.display_name || null;
      else Object.assign(member, { [key]: fields[key] });
    }
    if (Object.keys(changedValues).length > 0) member.profile = changedValues;
    try {
      const answer = await save(member);
      guard.release();
      onSaved(answer);
    } catch (error) {
      handle(error);
    }
  };

  const imageProperty: Property = { name: 'profile_image', label: t('profile_edit.image'), type: 'image' };
  const busy = Object.values(uploading).some(Boolean);

  return (
    <SubmitForm
      onSubmit={() => void submit()}
      submitLabel={submitLabel}
      loading={saving}
      disabled={busy}
      gap="md"
      actions={
        cancelPath && (
          <Button variant="default" component={Link} to={cancelPath}>
            {t('cancel')}
          </Button>
        )
      }
    >
      <FormCard title={t('profile_edit.person')}>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('profile_edit.first_name')}
            required
            value={fields.first_name}
            error={errors.first_name}
            onChange={(e) => setField('first_name', e.currentTarget.value)}
          />
          <TextInput
            label={t('profile_edit.last_name')}
            required
            value={fields.last_name}
            error={errors.last_name}
            onChange={(e) => setField('last_name', e.currentTarget.value)}
          />
        </Group>
        <TextInput
          label={t('profile_edit.display_name')}
          description={t('profile_edit.display_name_hint')}
          value={fields.display_name}
          error={errors.display_name}
          onChange={(e) => setField('display_name', e.currentTarget.value)}
        />
        <Group align="flex-end" wrap="wrap">
          <DateInput
            label={t('profile_edit.birthday')}
            value={fields.birthday}
            error={errors.birthday}
            onChange={(value) => setField('birthday', value)}
          />
          <Checkbox
            label={t('profile_edit.show_age')}
            checked={fields.show_age}
            onChange={(e) => setField('show_age', e.currentTarget.checked)}
            mb={8}
          />
        </Group>
        <PropertyField
          property={imageProperty}
          value={fields.profile_image}
          error={errors.profile_image_id}
          onChange={(value) =>
            setField('profile_image', (value as Fields['profile_image']) ?? null, 'profile_image_id')
          }
          onUploadingChange={(on) => setUploading((current) => ({ ...current, profile_image: on }))}
        />
      </FormCard>
      {form.properties.length > 0 && (
        <FormCard title={t('profile_edit.profile')}>
          {form.properties.map((property) => (
            <PropertyField
              key={property.name}
              property={property}
              value={profile[property.name] ?? null}
              disabled={requestOnly.has(property.name)}
              error={errors[`profile.${property.name}`]}
              onChange={(value) => {
                setProfile((current) => ({ ...current, [property.name]: value }));
                clear(`profile.${property.name}`);
              }}
              onUploadingChange={(on) => setUploading((current) => ({ ...current, [property.name]: on }))}
            />
          ))}
          {requestOnly.size > 0 && changeRequestPath && (
            <Text size="sm" c="dimmed">
              {t('profile_edit.request_only')}{' '}
              <Anchor component={Link} to={changeRequestPath}>
                {t('change_requests.new_link')}
              </Anchor>
            </Text>
          )}
        </FormCard>
      )}
    </SubmitForm>
  );
}
