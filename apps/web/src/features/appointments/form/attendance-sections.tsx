import { Group, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_LIMITS } from '@agora/contracts';
import { DateInput } from '../../../ui/date-input.tsx';
import { MemberSelect } from '../../../ui/member-select.tsx';
import { TimeInput } from '../../../ui/time-input.tsx';
import { appointmentCategoriesQuery } from '../api.ts';
import { FormSection, type SectionProps } from './form-section.tsx';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';

/** Category (when the network has any) and contact persons. */
export function CategorySection({ values, update, errors }: SectionProps) {
  const { t } = useTranslation('appointments');
  const categories = useQuery(appointmentCategoriesQuery);
  const data = (categories.data ?? []).map((category) => ({ value: category.id, label: category.label }));
  return (
    <FormSection title={t('form.sections.category')}>
      {(data.length > 0 || values.categoryId) && (
        <Select
          label={t('form.category')}
          placeholder={t('form.no_category')}
          clearable
          data={data}
          value={values.categoryId}
          onChange={(categoryId) => update((v) => ({ ...v, categoryId }), 'category_id')}
          error={errors.category_id}
          maw={360}
        />
      )}
      <MemberSelect
        multiple
        label={t('form.contacts')}
        description={t('form.contacts_hint')}
        value={values.contacts}
        onChange={(contacts) => update((v) => ({ ...v, contacts }), 'contact_ids')}
        error={errors.contact_ids}
      />
    </FormSection>
  );
}

/** How many may attend and who sees whom. */
export function AttendeeSection({ values, update, errors }: SectionProps) {
  const { t } = useTranslation('appointments');
  const attendee = values.attendee;
  const set = (change: Partial<typeof attendee>, field: string) =>
    update((v) => ({ ...v, attendee: { ...v.attendee, ...change } }), `attendee_configuration.${field}`);
  return (
    <FormSection title={t('form.sections.attendees')}>
      <NumberInput
        label={t('form.attendee_total')}
        description={t('form.attendee_total_hint')}
        min={APPOINTMENT_LIMITS.attendeeTotalMin}
        allowDecimal={false}
        value={attendee.total}
        onChange={(total) => set({ total }, 'total')}
        error={errors['attendee_configuration.total']}
        maw={240}
      />
      <Switch
        label={t('form.attendee_enforced')}
        checked={attendee.enforced}
        onChange={(event) => set({ enforced: event.currentTarget.checked }, 'total_attendees_enforced')}
      />
      <Switch
        label={t('form.attendee_user_can_opt')}
        checked={attendee.userCanOpt}
        onChange={(event) => set({ userCanOpt: event.currentTarget.checked }, 'user_can_opt')}
      />
      <Switch
        label={t('form.attendee_admins_only')}
        checked={attendee.adminsOnly}
        onChange={(event) => set({ adminsOnly: event.currentTarget.checked }, 'show_participants_to_admins_only')}
      />
    </FormSection>
  );
}

/** Registration (with its deadline), costs (with currency) and the ticket link. */
export function RegistrationSection({ values, update, errors }: SectionProps) {
  const { t } = useTranslation('appointments');
  const application = values.application;
  const set = (change: Partial<typeof application>, field: string) =>
    update((v) => ({ ...v, application: { ...v.application, ...change } }), `application_configuration.${field}`);
  return (
    <FormSection title={t('form.sections.registration')}>
      <Switch
        label={t('form.registration_required')}
        checked={application.required}
        onChange={(event) => set({ required: event.currentTarget.checked }, 'registration_deadline')}
      />
      {application.required && (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateInput
            label={t('form.registration_deadline')}
            value={application.deadlineDate}
            onChange={(deadlineDate) =>
              // A day alone ends at its last minute: a deadline of "12.03." still lets one in on the 12th.
              set({ deadlineDate, deadlineTime: application.deadlineTime || '23:59' }, 'registration_deadline')
            }
            error={errors['application_configuration.registration_deadline']}
            w={{ base: '100%', xs: 200 }}
          />
          {application.deadlineDate && (
            <TimeInput
              label={t('form.registration_deadline_time')}
              value={application.deadlineTime}
              onChange={(deadlineTime) => set({ deadlineTime }, 'registration_deadline')}
            />
          )}
        </Group>
      )}
      <Switch
        label={t('form.registration_with_costs')}
        checked={application.withCosts}
        onChange={(event) => set({ withCosts: event.currentTarget.checked }, 'costs')}
      />
      {application.withCosts && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={420}>
          <NumberInput
            label={t('form.costs')}
            required
            min={APPOINTMENT_LIMITS.costsMin}
            decimalScale={2}
            value={application.costs}
            onChange={(costs) => set({ costs }, 'costs')}
            error={errors['application_configuration.costs']}
          />
          <LimitedTextInput
            label={t('form.currency')}
            maxLength={APPOINTMENT_LIMITS.currencyMaxLength}
            value={application.currency}
            onChange={(event) => set({ currency: event.currentTarget.value }, 'currency')}
            error={errors['application_configuration.currency']}
          />
        </SimpleGrid>
      )}
      <TextInput
        type="url"
        label={t('form.ticket_url')}
        value={application.url}
        onChange={(event) => set({ url: event.currentTarget.value }, 'url')}
        error={errors['application_configuration.url']}
      />
    </FormSection>
  );
}
