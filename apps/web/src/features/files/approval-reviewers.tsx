import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberOption } from '@agora/contracts';
import { MemberSelect } from '../../ui/member-select.tsx';
import { showToast } from '../../ui/toast.tsx';
import { errorMessage, useErrorMessage } from '../../ui/use-error-message.ts';
import { reviewersQuery, useUpdateReviewers, type FolderContext, type Reviewer } from './api.ts';

function optionOf(reviewer: Reviewer): MemberOption {
  return {
    id: reviewer.id,
    displayName: reviewer.name,
    images: { small: reviewer.image_id ? `/api/storage/images/${reviewer.image_id}/get/50x50` : null },
    is_external: false,
  };
}

/**
 * Who reviews the context's files besides its administrators; the context's administrators
 * name them (a group's reviewers are found among its members).
 */
export function ApprovalReviewers({ context, groupSlug }: { context: FolderContext; groupSlug?: string }) {
  const { t } = useTranslation('files');
  const errorText = useErrorMessage('files');
  const query = useQuery(reviewersQuery(context));
  const save = useUpdateReviewers();
  const [draft, setDraft] = useState<MemberOption[] | null>(null);
  const value = draft ?? (query.data?.reviewers ?? []).map(optionOf);

  const submit = () =>
    save.mutate(
      { context, membershipIds: value.map((member) => member.id) },
      {
        onSuccess: () => {
          setDraft(null);
          showToast(t('approval.reviewers.saved'));
        },
        onError: (error) => showToast(errorMessage(error, 'files'), { kind: 'error' }),
      },
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="file-reviewers-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="file-reviewers-title">
          {t('approval.reviewers.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('approval.reviewers.description')}
        </Text>
        {query.error ? (
          <Text c="red">{errorText(query.error)}</Text>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <MemberSelect
                multiple
                label={t('approval.reviewers.label')}
                value={value}
                onChange={setDraft}
                groupSlug={groupSlug}
                disabled={query.isPending}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} disabled={draft === null}>
                  {t('approval.reviewers.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
