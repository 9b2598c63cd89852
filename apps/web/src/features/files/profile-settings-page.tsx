import { Alert, Button, Group, MultiSelect, Stack, Switch } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fileProfilesSettingsSchema,
  folderProfilesSettingsSchema,
  type NetworkSettingsAdministration,
  type ProfileProperty,
} from '@agora/contracts';
import { ApiError } from '../../app/api-client.ts';
import { FormCard, SettingsPage } from '../../ui/form-card.tsx';
import { showToast } from '../../ui/toast.tsx';
import { errorMessage } from '../../ui/use-error-message.ts';
import { settingsQuery, useSaveSettings } from '../administration/index.ts';
import { networkQuery } from '../home/index.ts';
import { ProfilePropertiesEditor } from './profile-properties-editor.tsx';

type Profiles = Pick<NetworkSettingsAdministration['settings'], 'folder_profiles' | 'file_profiles'>;
type ErrorKeys = Record<string, string>;
type ZodIssueLike = { path: PropertyKey[]; message: string };

/** Each property's name once per profile. */
function duplicateNames(path: string, properties: ProfileProperty[], errors: ErrorKeys) {
  const seen = new Set<string>();
  properties.forEach((property, at) => {
    if (property.name && seen.has(property.name)) errors[`${path}.${at}.name`] ??= 'duplicate_name';
    seen.add(property.name);
  });
}

/** What the server would refuse, by dotted path (the contract's own rules, and unique names). */
export function profileErrors(values: Profiles): ErrorKeys {
  const errors: ErrorKeys = {};
  const check = (key: keyof Profiles, result: { success: boolean; error?: { issues: ZodIssueLike[] } }) => {
    for (const issue of result.error?.issues ?? [])
      errors[[key, ...issue.path.map(String)].join('.')] ??= issue.message;
  };
  check('folder_profiles', folderProfilesSettingsSchema.safeParse(values.folder_profiles));
  check('file_profiles', fileProfilesSettingsSchema.safeParse(values.file_profiles));
  duplicateNames('folder_profiles.properties', values.folder_profiles.properties, errors);
  duplicateNames('file_profiles.properties', values.file_profiles.properties, errors);
  return errors;
}

function ProfilesForm({ data }: { data: NetworkSettingsAdministration }) {
  const { t } = useTranslation('files');
  const queryClient = useQueryClient();
  const save = useSaveSettings();
  const [values, setValues] = useState<Profiles>({
    folder_profiles: data.settings.folder_profiles,
    file_profiles: data.settings.file_profiles,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorKeys>({});
  const errors = useMemo(() => ({ ...serverErrors, ...profileErrors(values) }), [values, serverErrors]);
  const errorText = (path: string) => {
    const key = submitted || serverErrors[path] ? errors[path] : undefined;
    return key
      ? t([`profiles.errors.${key}`, `common:errors.${key}`], { defaultValue: t('common:errors.invalid') })
      : undefined;
  };
  const change = (next: Profiles) => {
    setValues(next);
    setServerErrors({});
  };

  const fileNames = values.file_profiles.properties.map((property) => property.name).filter(Boolean);
  const setFileProperties = (properties: ProfileProperty[]) => {
    const names = new Set(properties.map((property) => property.name));
    change({
      ...values,
      file_profiles: {
        ...values.file_profiles,
        properties,
        // A column of a property that is gone (or renamed) goes with it.
        column_fields: values.file_profiles.column_fields.filter((name) => names.has(name)),
      },
    });
  };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(profileErrors(values)).length > 0) {
      showToast(t('profiles.check_fields'), { kind: 'error' });
      return;
    }
    save.mutate(values, {
      onSuccess: (answer) => {
        queryClient.setQueryData(settingsQuery.queryKey, answer);
        void queryClient.invalidateQueries({ queryKey: networkQuery.queryKey });
        setSubmitted(false);
        showToast(t('profiles.saved'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body?.errors) {
          setServerErrors(
            Object.fromEntries(Object.entries(error.body.errors).map(([path, keys]) => [path, keys[0]!])),
          );
          showToast(t('profiles.check_fields'), { kind: 'error' });
        } else showToast(errorMessage(error, 'files'), { kind: 'error' });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <FormCard title={t('profiles.folder_title')} padding="md">
          <Switch
            label={t('profiles.folder_enabled')}
            checked={values.folder_profiles.enabled}
            onChange={(event) =>
              change({
                ...values,
                folder_profiles: { ...values.folder_profiles, enabled: event.currentTarget.checked },
              })
            }
          />
          {values.folder_profiles.enabled && (
            <ProfilePropertiesEditor
              path="folder_profiles.properties"
              properties={values.folder_profiles.properties}
              onChange={(properties) =>
                change({ ...values, folder_profiles: { ...values.folder_profiles, properties } })
              }
              error={errorText}
            />
          )}
        </FormCard>
        <FormCard title={t('profiles.file_title')} padding="md">
          <Switch
            label={t('profiles.file_enabled')}
            checked={values.file_profiles.enabled}
            onChange={(event) =>
              change({ ...values, file_profiles: { ...values.file_profiles, enabled: event.currentTarget.checked } })
            }
          />
          {values.file_profiles.enabled && (
            <>
              <ProfilePropertiesEditor
                path="file_profiles.properties"
                properties={values.file_profiles.properties}
                onChange={setFileProperties}
                error={errorText}
              />
              <MultiSelect
                label={t('profiles.column_fields')}
                description={t('profiles.column_fields_hint')}
                data={[...new Set(fileNames)].map((name) => ({
                  value: name,
                  label: values.file_profiles.properties.find((property) => property.name === name)?.label || name,
                }))}
                value={values.file_profiles.column_fields}
                onChange={(column_fields) =>
                  change({ ...values, file_profiles: { ...values.file_profiles, column_fields } })
                }
                maxValues={10}
                error={errorText('file_profiles.column_fields')}
                clearable
              />
            </>
          )}
        </FormCard>
        {submitted && Object.keys(errors).length > 0 && (
          <Alert color="red" role="alert">
            {t('profiles.check_fields')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('profiles.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/administration/files/profiles`: folder and file profiles (their properties) and the files
 * table's columns, saved with the network settings.
 */
export function ProfileSettingsPage() {
  const { t } = useTranslation('files');
  const settings = useQuery(settingsQuery);
  return (
    <SettingsPage
      title={t('profiles.title')}
      intro={t('profiles.description')}
      backTo="/administration"
      size="md"
      query={settings}
    >
      {(data) => <ProfilesForm data={data} />}
    </SettingsPage>
  );
}
