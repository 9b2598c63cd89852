import { Select, type SelectProps } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, listedTimeZones, timeZoneLabel } from './time-zones.ts';

type OwnProps = {
  label?: string;
  /** An IANA name; null takes the browser's zone (and reports it through onChange). */
  value: string | null;
  onChange: (value: string) => void;
};

type TimeZoneSelectProps = OwnProps & Omit<SelectProps, keyof OwnProps | 'data' | 'defaultValue'>;

/**
 * The time zone of an appointment: searchable, without Etc/ entries and all-uppercase short
 * names; the browser's zone until another is chosen. A value that the list leaves out (an
 * appointment stored with "UTC") is still shown as it is. No "nothing found" line: Mantine puts
 * it inside the listbox, where axe-core counts it as a critical fault; the list just closes.
 */
export function TimeZoneSelect({ label, value, onChange, ...rest }: TimeZoneSelectProps) {
  const { t } = useTranslation('ui');
  const current = value ?? browserTimeZone();
  const data = useMemo(() => {
    const zones = listedTimeZones();
    if (!zones.includes(current)) zones.unshift(current);
    return zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }));
  }, [current]);

  useEffect(() => {
    if (value === null) onChange(current);
  }, [value, current, onChange]);

  return (
    <Select
      label={label ?? t('time_zone_select.label')}
      searchable
      maxDropdownHeight={280}
      limit={100}
      {...rest}
      data={data}
      value={current}
      allowDeselect={false}
      onChange={(zone) => {
        if (zone) onChange(zone);
      }}
    />
  );
}
