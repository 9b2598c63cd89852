import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL_LIMITS, legalHandle, type LegalTextAdmin, type LegalTextBody } from '@agora/contracts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { LimitedTextarea, LimitedTextInput } from '../../../ui/limited-text.tsx';
import { LazyRichTextEditor } from '../../../ui/lazy-rich-text-editor.tsx';

type LegalTextFormProps = {
  /** The text being edited; none for a new one. */
  text?: LegalTextAdmin;
  saving: boolean;
  onSubmit: (body: LegalTextBody, handleError: (error: unknown) => void) => void;
};

/** What a typed handle may hold (administration spec, section 5): spaces become hyphens, lowercase. */
function typedHandle(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

/**
 * Name, handle, statement and text, all required; the handle follows the name on a new text
 * until it is typed itself, and cannot change afterwards. A read-only text is shown, not edited.
 */
export function LegalTextForm({ text, saving, onSubmit }: LegalTextFormProps) {
  const { t } = useTranslation('legal-admin');
  const readOnly = text ? !text.can.update : false;
  const [name, setName] = useState(text?.name ?? '');
  const [handle, setHandle] = useState(text?.handle ?? '');
  const [handleTyped, setHandleTyped] = useState(false);
  const [statement, setStatement] = useState(text?.statement ?? '');
  const [html, setHtml] = useState(text?.text ?? '');
  const [requiresAcceptance, setRequiresAcceptance] = useState(false);
  const labels = {
    name: t('form.name'),
    handle: t('form.handle'),
    statement: t('form.statement'),
    text: t('form.text'),
  };
  const { errors, handle: handleError, clear } = useFormErrors({ labels, ns: 'legal-admin' });
  const shownHandle = text || handleTyped ? handle : legalHandle(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(
      {
        legal_text: {
          name,
          statement,
          text: html,
          requires_acceptance: requiresAcceptance,
          ...(text ? {} : { handle: shownHandle }),
        },
      },
      handleError,
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
            {t('form.read_only')}
          </Alert>
        )}
        <LimitedTextInput
          label={labels.name}
          value={name}
          maxLength={LEGAL_LIMITS.nameMaxLength}
          required
          disabled={readOnly}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
            clear('handle');
          }}
          error={errors.name}
        />
        <LimitedTextInput
          label={labels.handle}
          description={text ? t('form.handle_fixed') : t('form.handle_hint')}
          value={shownHandle}
          maxLength={LEGAL_LIMITS.handleMaxLength}
          required
          disabled={!!text}
          onChange={(event) => {
            setHandle(typedHandle(event.currentTarget.value));
            setHandleTyped(true);
            clear('handle');
          }}
          error={errors.handle}
        />
        <LimitedTextarea
          label={labels.statement}
          description={t('form.statement_hint')}
          value={statement}
          maxLength={LEGAL_LIMITS.statementMaxLength}
          autosize
          minRows={2}
          required
          disabled={readOnly}
          onChange={(event) => {
            setStatement(event.currentTarget.value);
            clear('statement');
          }}
          error={errors.statement}
        />
        <LazyRichTextEditor
          label={labels.text}
          value={html}
          required
          disabled={readOnly}
          minHeight={240}
          onChange={(value) => {
            setHtml(value);
            clear('text');
          }}
          error={errors.text}
        />
        {!readOnly && (
          <Checkbox
            label={t('form.requires_acceptance')}
            description={t('form.requires_acceptance_hint')}
            checked={requiresAcceptance}
            onChange={(event) => setRequiresAcceptance(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/administration/legal_texts">
            {t('form.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={saving}>
              {t('form.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
