import { Button, Group, Input, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CALENDAR_NAME_MAX_LENGTH,
  calendarBodySchema,
  type Calendar,
  type CalendarBody,
  type MemberOption,
  type StoredCalendarType,
} from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { MemberSelect } from '../../../ui/member-select.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { fieldErrorMessages } from '../../../ui/use-error-message.ts';
import { useSaveCalendar } from '../api.ts';
import { ColorField } from './color-field.tsx';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';

/** What the calendar form edits; `members` only for personal calendars. */
export type CalendarFormValues = {
  name: string;
  color: string;
  type: StoredCalendarType;
  parentId: string | null;
  members: MemberOption[];
};

/** Where the form returns to: the manage page of the group, or of all calendars. */
export function managePath(groupSlug: string | undefined) {
  return groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/calendars/manage` : '/calendars/manage';
}

/** The 422 of a save (or the same rules checked here first), by the form's field names. */
function validationErrors(body: CalendarBody): Record<string, string> {
  const result = calendarBodySchema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.slice(1).join('.') || 'base';
    const key = issue.message;
    errors[field] ??= i18n.t([`calendars:errors.${key}`, `common:errors.${key}`], {
      defaultValue: i18n.t('common:errors.invalid'),
    });
  }
  return errors;
}

type CalendarFormProps = {
  calendar?: Calendar;
  initial: CalendarFormValues;
  types: StoredCalendarType[];
  groupSlug?: string;
};

/** Name, colour, type and sharing of a calendar; saves, then returns to the manage page. */
export function CalendarForm({ calendar, initial, types, groupSlug }: CalendarFormProps) {
  const { t } = useTranslation('calendars');
  const navigate = useNavigate();
  const save = useSaveCalendar(calendar?.id);
  const [values, setValues] = useState<CalendarFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof CalendarFormValues>(field: K, value: CalendarFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const key = field === 'members' ? 'membership_ids' : field;
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  };
  const labels = useMemo(
    () => ({
      name: t('form.name'),
      color: t('form.color'),
      type: t('form.type'),
      membership_ids: t('form.members'),
      parent_id: t('form.group'),
    }),
    [t],
  );

  const failed = (fields: Record<string, string>) => {
    setErrors(fields);
    const names = Object.keys(fields)
      .filter((field) => field !== 'base')
      .map((field) => labels[field as keyof typeof labels] ?? field);
    showToast(
      [
        i18n.t('common:messages.saving_failure'),
        names.length > 0 ? i18n.t('ui:form_errors.check_fields', { fields: names.join(', ') }) : '',
        fields['base'] ?? '',
      ]
        .filter(Boolean)
        .join(' '),
      { kind: 'error' },
    );
  };

  const submit = () => {
    const body: CalendarBody = {
      calendar: {
        name: values.name,
        color: values.color,
        type: values.type,
        membership_ids: values.type === 'personal' ? values.members.map((member) => member.id) : [],
        parent_id: values.parentId,
      },
    };
    const invalid = validationErrors(body);
    if (Object.keys(invalid).length > 0) {
      failed(invalid);
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        showToast('saving_successful');
        void navigate(managePath(groupSlug));
      },
      onError: (error) => {
        const fields = fieldErrorMessages(error, 'calendars');
        if (fields) failed(fields);
        else showToast('saving_failure');
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <LimitedTextInput
            label={t('form.name')}
            required
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors['name']}
            maxLength={CALENDAR_NAME_MAX_LENGTH}
          />
          <ColorField value={values.color} onChange={(color) => set('color', color)} error={errors['color']} />
          {calendar || types.length === 1 ? (
            <Input.Wrapper label={t('form.type')} error={errors['type'] ?? errors['parent_id']}>
              <Text size="sm">
                {t(`types.${values.type}`)}
                {calendar?.group ? ` · ${calendar.group.name}` : ''}
              </Text>
            </Input.Wrapper>
          ) : (
            <Stack gap={4} align="flex-start">
              <Text size="sm" fw={500} id="calendar-type-label">
                {t('form.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="calendar-type-label"
                data={types.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                value={values.type}
                onChange={(type) => set('type', type as StoredCalendarType)}
              />
              {(errors['type'] ?? errors['parent_id']) && (
                <Input.Error>{errors['type'] ?? errors['parent_id']}</Input.Error>
              )}
            </Stack>
          )}
          {values.type === 'personal' && (
            <MemberSelect
              multiple
              label={t('form.members')}
              description={t('form.members_hint')}
              value={values.members}
              onChange={(members) => set('members', members)}
              error={errors['membership_ids']}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(managePath(groupSlug))}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
