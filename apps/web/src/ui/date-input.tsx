import { DateInput as MantineDateInput, type DateInputProps as MantineDateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { longDate, parseDate, todayIsoDate } from './date-format.ts';
import { dayjsLocale } from './dayjs-locale.ts';
import { intlLocale } from './intl-locale.ts';

type OwnProps = {
  label: string;
  /** 'YYYY-MM-DD' or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Only today and later. */
  futureOnly?: boolean;
  /** Earliest and latest day, 'YYYY-MM-DD' (e.g. an end date no earlier than the start). */
  minDate?: string;
  maxDate?: string;
};

type DateInputProps = OwnProps &
  Omit<
    MantineDateInputProps,
    keyof OwnProps | 'defaultValue' | 'valueFormat' | 'dateParser' | 'firstDayOfWeek' | 'locale' | 'fixOnBlur'
  >;

const QUIET_FOCUS = 'quietFocus';

/**
 * Focuses a date field without opening its calendar, which would cover the error message shown
 * below it (a form pointing the member to a wrong date); a click or typing opens it as usual.
 */
export function focusDateField(field: HTMLElement): void {
  field.dataset[QUIET_FOCUS] = 'true';
  field.focus({ preventScroll: true });
  delete field.dataset[QUIET_FOCUS];
}

/**
 * A date field that takes typing as well as the calendar: dd.MM.y read strictly (05.03.2026),
 * anything else, or a day outside the limits, empties the field when it is left. Weeks start
 * on Monday (administration spec, section 5).
 */
export function DateInput({
  value,
  onChange,
  futureOnly,
  minDate,
  maxDate,
  onBlur,
  onFocus,
  onClick,
  onKeyDown,
  popoverProps,
  ...rest
}: DateInputProps) {
  const { t, i18n } = useTranslation('ui');
  // Focused by focusDateField: the calendar stays closed until the member clicks or types.
  const [quiet, setQuiet] = useState(false);
  const today = futureOnly ? todayIsoDate() : undefined;
  const min = today && (!minDate || today > minDate) ? today : minDate;
  const accept = (text: string): string | null => {
    const date = parseDate(text);
    if (!date || (min && date < min) || (maxDate && date > maxDate)) return null;
    return date;
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    setQuiet(false);
    const date = accept(event.currentTarget.value);
    if (date !== value) onChange(date);
  };

  return (
    <MantineDateInput
      placeholder={t('date_input.placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      clearable={!rest.required}
      clearButtonProps={{ 'aria-label': t('date_input.clear') }}
      ariaLabels={{
        previousMonth: t('date_input.previous_month'),
        nextMonth: t('date_input.next_month'),
        previousYear: t('date_input.previous_year'),
        nextYear: t('date_input.next_year'),
        previousDecade: t('date_input.previous_decade'),
        nextDecade: t('date_input.next_decade'),
        monthLevelControl: t('date_input.choose_month'),
        yearLevelControl: t('date_input.choose_year'),
      }}
      getDayAriaLabel={(date) => longDate(date, intlLocale(i18n.language))}
      {...rest}
      popoverProps={quiet ? { ...popoverProps, opened: false } : popoverProps}
      value={value}
      onChange={(date) => onChange(date)}
      onBlur={handleBlur}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        onFocus?.(event);
        if (event.currentTarget.dataset[QUIET_FOCUS]) setQuiet(true);
      }}
      onClick={(event: MouseEvent<HTMLInputElement>) => {
        onClick?.(event);
        setQuiet(false);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(event);
        if (event.key !== 'Tab' && event.key !== 'Shift') setQuiet(false);
      }}
      valueFormat="DD.MM.YYYY"
      dateParser={accept}
      minDate={min}
      maxDate={maxDate}
      firstDayOfWeek={1}
      locale={dayjsLocale(i18n.language)}
    />
  );
}
