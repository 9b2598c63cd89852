import { Anchor, Grid, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AUDIT_DATE_OPTIONS,
  AUDIT_EVENT_TYPES,
  auditDateOption,
  type AuditDateOption,
  type AuditEventType,
  type AuditLogFilter,
  type MemberOption,
} from '@agora/contracts';
import { DateInput } from '../../../ui/date-input.tsx';
import { MemberSelect } from '../../../ui/member-select.tsx';

type AuditLogFilterFormProps = {
  filter: AuditLogFilter;
  onChange: (filter: AuditLogFilter) => void;
  /** The members the filter names, as far as they are known (picked here or named by the server). */
  actor: MemberOption | null;
  membership: MemberOption | null;
  onPickMember: (member: MemberOption) => void;
  /** Where the reset link leads: the page without a filter. */
  resetTo: string;
};

const QUARTER = { base: 12, sm: 6, lg: 3 };
const HALF = { base: 12, lg: 6 };

/** The audit log's filter: event types, time, who acted and whom it concerns. */
export function AuditLogFilterForm(props: AuditLogFilterFormProps) {
  const { filter, onChange, actor, membership, onPickMember, resetTo } = props;
  const { t } = useTranslation('administration');
  const dateOption = auditDateOption(filter);
  const set = (changes: Partial<AuditLogFilter>) => onChange({ ...filter, ...changes });
  const pickMember = (field: 'actor_id' | 'membership_id') => (member: MemberOption | null) => {
    if (member) onPickMember(member);
    set({ [field]: member?.id ?? null });
  };
  const filtered = Object.values(filter).some((value) => value !== null && value !== undefined);

  return (
    <Stack gap="sm" component="section" aria-label={t('audit_log.filter.title')}>
      <Grid gutter="sm">
        <Grid.Col span={QUARTER}>
          <MultiSelect
            label={t('audit_log.filter.event_types')}
            placeholder={filter.event_types?.length ? undefined : t('audit_log.filter.all_types')}
            data={AUDIT_EVENT_TYPES.map((type) => ({ value: type, label: t(`audit_log.types.${type}`) }))}
            value={filter.event_types ?? []}
            onChange={(types) => set({ event_types: types as AuditEventType[] })}
            clearable
            searchable
          />
        </Grid.Col>
        <Grid.Col span={QUARTER}>
          <Select
            label={t('audit_log.filter.date_option')}
            data={AUDIT_DATE_OPTIONS.map((option) => ({ value: option, label: t(`audit_log.date_options.${option}`) }))}
            value={dateOption}
            allowDeselect={false}
            onChange={(value) => {
              const option = (value ?? 'all') as AuditDateOption;
              // Dates belong to a custom range only.
              set(
                option === 'custom'
                  ? { date_option: option }
                  : { date_option: option, start_date: null, end_date: null },
              );
            }}
          />
        </Grid.Col>
        {dateOption === 'custom' && (
          <Grid.Col span={HALF}>
            <Group grow gap="sm" align="flex-start" wrap="nowrap">
              <DateInput
                label={t('audit_log.filter.start_date')}
                value={filter.start_date ?? null}
                maxDate={filter.end_date ?? undefined}
                onChange={(date) => set({ date_option: 'custom', start_date: date })}
              />
              <DateInput
                label={t('audit_log.filter.end_date')}
                value={filter.end_date ?? null}
                minDate={filter.start_date ?? undefined}
                onChange={(date) => set({ date_option: 'custom', end_date: date })}
              />
            </Group>
          </Grid.Col>
        )}
        <Grid.Col span={QUARTER}>
          <MemberSelect
            label={t('audit_log.filter.actor')}
            placeholder={t('audit_log.filter.member_placeholder')}
            value={actor}
            onChange={pickMember('actor_id')}
            includeConsumers={false}
          />
        </Grid.Col>
        <Grid.Col span={QUARTER}>
          <MemberSelect
            label={t('audit_log.filter.membership')}
            placeholder={t('audit_log.filter.member_placeholder')}
            value={membership}
            onChange={pickMember('membership_id')}
            includeConsumers={false}
          />
        </Grid.Col>
      </Grid>
      {filtered && (
        <Anchor component={Link} to={resetTo} size="sm" w="fit-content">
          {t('audit_log.filter.reset')}
        </Anchor>
      )}
    </Stack>
  );
}
