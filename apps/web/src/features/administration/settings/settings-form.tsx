import { Alert, Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { NetworkSettingsAdministration } from '@agora/contracts';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { showToast } from '../../../ui/toast.tsx';
import { useSaveSettings } from './api.ts';
import { BasicTab } from './basic-tab.tsx';
import { SettingsFormContext, type SettingsForm as FormApi } from './form-context.tsx';
import { bodyOf, setAt, settingsErrors, SETTINGS_TABS, tabFrom, tabOf, type SettingsTab } from './form-state.ts';
import { JoinTab } from './join-tab.tsx';
import { MailTab } from './mail-tab.tsx';
import { MemberTab } from './member-tab.tsx';
import { reloadPage, RELOAD_AFTER_MS } from './reload.ts';

const NS = 'admin-settings';

/** Translates an error key: this namespace's words first, then the common ones. */
function useErrorText() {
  const { t } = useTranslation(NS);
  return useCallback(
    (key: string) => t([`errors.${key}`, `common:errors.${key}`], { defaultValue: t('common:errors.invalid') }),
    [t],
  );
}

/**
 * The network settings in four tabs (the `tab` query parameter opens one). Checked as the server
 * checks while typing; a save goes out whole, and the page reloads after it, so that every part
 * of the app works with the new settings.
 */
export function SettingsForm({ data }: { data: NetworkSettingsAdministration }) {
  const { t } = useTranslation(NS);
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const [values, setValues] = useState(data.settings);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const save = useSaveSettings();

  const context = { currentLanguage: data.settings.language, config: data.config, hidden: data.hidden };
  const errors = useMemo(
    () => settingsErrors(values, context),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the context is the loaded data's
    [values, data],
  );
  const visible = (field: string) => submitted || [...touched].some((t) => field === t || field.startsWith(`${t}.`));
  const form: FormApi = {
    values,
    data,
    shown: (key) => !data.hidden.includes(key),
    set: (path, value) => {
      setValues((current) => setAt(current, path, value));
      setTouched((current) => new Set(current).add(path));
      setServerErrors(({ [path]: _dropped, ...rest }) => rest);
    },
    error: (path) => {
      if (serverErrors[path]) return serverErrors[path];
      const keys = errors[path];
      return keys && visible(path) ? keys.map(errorText).join(' ') : undefined;
    },
  };
  // Two-factor without a method: the message shows and saving waits (spec section 5).
  const methodMissing = errors.two_factor_totp_available?.includes('selection_required') ?? false;
  const tabsWithErrors = new Set(Object.keys({ ...(submitted ? errors : {}), ...serverErrors }).map(tabOf));

  const selectTab = (next: string | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('tab', tabFrom(next));
        return copy;
      },
      { replace: true },
    );

  const submit = () => {
    setSubmitted(true);
    const fields = Object.keys(errors);
    if (fields.length > 0) {
      selectTab(tabOf(fields[0]!));
      showToast('saving_failure', { kind: 'error' });
      return;
    }
    save.mutate(bodyOf(values, data.hidden), {
      onSuccess: () => {
        setServerErrors({});
        showToast('saving_successful');
        // The app reads the settings when it loads: it loads again, once the toast was seen.
        window.setTimeout(reloadPage, RELOAD_AFTER_MS);
      },
      onError: (error) => {
        const fieldErrors = showFormErrors(error, { ns: NS });
        setServerErrors(fieldErrors);
        const first = Object.keys(fieldErrors)[0];
        if (first) selectTab(tabOf(first));
      },
    });
  };

  return (
    <SettingsFormContext.Provider value={form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Tabs value={tab} onChange={selectTab} keepMounted={false}>
            <Tabs.List>
              {SETTINGS_TABS.map((key) => (
                <Tabs.Tab key={key} value={key} color={tabsWithErrors.has(key) ? 'red' : undefined}>
                  {t(`tabs.${key}`)}
                  {tabsWithErrors.has(key) ? ' •' : ''}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="basic" pt="md">
              <BasicTab />
            </Tabs.Panel>
            <Tabs.Panel value="join" pt="md">
              <JoinTab />
            </Tabs.Panel>
            <Tabs.Panel value="member" pt="md">
              <MemberTab />
            </Tabs.Panel>
            <Tabs.Panel value="mail" pt="md">
              <MailTab />
            </Tabs.Panel>
          </Tabs>
          <Paper withBorder radius="md" p="sm" pos="sticky" bottom={8} style={{ zIndex: 2 }}>
            <Group justify="space-between" gap="sm">
              {methodMissing ? (
                <Alert color="red" variant="transparent" p={0}>
                  {errorText('selection_required')}
                </Alert>
              ) : (
                <span />
              )}
              <Button type="submit" loading={save.isPending} disabled={methodMissing}>
                {t('save')}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </form>
    </SettingsFormContext.Provider>
  );
}

export type { SettingsTab };
