import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ChangeRequestForm } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { PropertyField } from '../../../ui/properties/index.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useLeaveGuard } from '../../../ui/use-leave-guard.ts';
import { changeRequestFormQuery, useCreateChangeRequest } from './api.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `/members/{membershipId}/change_requests/new` and `/change_requests/new` (one's own): the
 * network's change-request fields; only the values changed are sent.
 */
export function ChangeRequestPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('change_requests.title'));
  const { membershipId } = useParams();
  const form = useQuery(changeRequestFormQuery(membershipId));

  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('change_requests.title')}
        </Title>
        <Text>{t('change_requests.intro')}</Text>
        {form.isPending && <LoadingRow />}
        {form.isError && <ErrorRow error={form.error} onRetry={() => void form.refetch()} />}
        {form.data && <RequestForm form={form.data} />}
      </Stack>
    </PageContainer>
  );
}

function RequestForm({ form }: { form: ChangeRequestForm }) {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const create = useCreateChangeRequest();
  const [values, setValues] = useState<Record<string, unknown>>(form.values);
  const [comment, setComment] = useState('');
  const labels = Object.fromEntries(form.properties.map((p) => [`profile.${p.name}`, p.label]));
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'members' });
  const changed = Object.fromEntries(
    form.properties
      .filter((p) => !same(values[p.name], form.values[p.name]))
      .map((p) => [p.name, values[p.name] ?? null]),
  );
  const dirty = Object.keys(changed).length > 0;
  const guard = useLeaveGuard(dirty && !create.isPending);

  if (form.properties.length === 0) return <Text c="dimmed">{t('change_requests.none')}</Text>;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { membership_id: form.member.id, profile: changed, comment: comment || null },
          {
            onSuccess: () => {
              guard.release();
              showToast(t('change_requests.sent'));
              void navigate(form.member.path);
            },
            onError: handle,
          },
        );
      }}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Text fw={600}>{form.member.displayName}</Text>
          {form.properties.map((property) => (
            <PropertyField
              key={property.name}
              property={property}
              value={values[property.name] ?? null}
              error={errors[`profile.${property.name}`]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [property.name]: value }));
                clear(`profile.${property.name}`);
              }}
            />
          ))}
          <Textarea
            label={t('change_requests.comment')}
            autosize
            minRows={2}
            value={comment}
            error={errors.comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={form.member.path}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!dirty}>
              {t('change_requests.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
