import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEMBER_ADMIN_LIMITS } from '@agora/contracts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';

const NS = 'member-administration';

type Errors = Partial<Record<string, string>>;

/** First and last name, side by side from tablets on: the new member's form and the edit form. */
export function MemberNameFields(props: {
  firstName: string;
  lastName: string;
  onChange: (key: 'first_name' | 'last_name', value: string) => void;
  errors: Errors;
}) {
  const { t } = useTranslation(NS);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {(['first_name', 'last_name'] as const).map((key) => (
        <LimitedTextInput
          key={key}
          label={t(`fields.${key}`)}
          required
          maxLength={MEMBER_ADMIN_LIMITS.name}
          value={key === 'first_name' ? props.firstName : props.lastName}
          onChange={(event) => props.onChange(key, event.currentTarget.value)}
          error={props.errors[key]}
        />
      ))}
    </SimpleGrid>
  );
}

/** The member's sign-in address; `disabled` with a reason where it may not be changed. */
export function MemberEmailField(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabledReason?: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <TextInput
      label={t('fields.email')}
      type="email"
      autoComplete="off"
      required
      maxLength={MEMBER_ADMIN_LIMITS.email}
      value={props.value}
      disabled={props.disabledReason !== undefined}
      description={props.disabledReason}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
    />
  );
}

/** Guest or not: offered only where the network lets guests in (the server decides anyway). */
export function ExternalCheckbox(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation(NS);
  return (
    <Checkbox
      label={t('fields.is_external')}
      description={t('fields.is_external_hint')}
      checked={props.checked}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      error={props.error}
    />
  );
}
