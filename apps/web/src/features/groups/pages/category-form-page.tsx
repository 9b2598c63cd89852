import { Button, ColorInput, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { GROUP_LIMITS, type GroupCategory } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { groupCategoryQuery, useSaveGroupCategory } from '../api.ts';
import { CategoryAdminsSection } from '../components/category-admins-section.tsx';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';

const ORDER_PAGE = '/administration/group-categories-order/edit';

/** `/administration/group-categories/new` and `/administration/group-categories/{slug}/edit`. */
export function CategoryFormPage() {
  const { t } = useTranslation('groups');
  const { groupCategorySlug } = useParams();
  const category = useQuery({ ...groupCategoryQuery(groupCategorySlug ?? ''), enabled: !!groupCategorySlug });
  const title = groupCategorySlug ? t('categories.edit_title') : t('categories.new_title');
  usePageTitle(title);
  return (
    <PageContainer size="sm">
      <Stack gap="md">
        <PageToolbar title={title} backTo={ORDER_PAGE} />
        {groupCategorySlug && category.isPending && <LoadingRow />}
        {category.isError && (
          <ErrorRow error={category.error} kind="group_category" onRetry={() => void category.refetch()} />
        )}
        {(!groupCategorySlug || category.data) && (
          <CategoryForm key={category.data?.id ?? 'new'} category={category.data ?? null} />
        )}
        {category.data?.can.update && <CategoryAdminsSection slug={category.data.slug} />}
      </Stack>
    </PageContainer>
  );
}

function CategoryForm({ category }: { category: GroupCategory | null }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const save = useSaveGroupCategory(category?.slug ?? null);
  const [name, setName] = useState(category?.name ?? '');
  const [pluralName, setPluralName] = useState(category?.plural_name ?? '');
  const [color, setColor] = useState(category?.color ?? '');
  const labels = { name: t('categories.name'), plural_name: t('categories.plural_name'), color: t('categories.color') };
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'groups' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { group_category: { name, plural_name: pluralName, color: color || null } },
      {
        onSuccess: (saved) => {
          showToast(t('categories.saved', { name: saved.name }), { kind: 'success' });
          void navigate(ORDER_PAGE);
        },
        onError: handle,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <LimitedTextInput
            label={t('categories.name')}
            description={t('categories.name_hint')}
            required
            value={name}
            maxLength={GROUP_LIMITS.categoryNameMaxLength}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clear('name');
            }}
            error={errors.name}
            data-autofocus
          />
          <LimitedTextInput
            label={t('categories.plural_name')}
            required
            value={pluralName}
            maxLength={GROUP_LIMITS.categoryNameMaxLength}
            onChange={(event) => {
              setPluralName(event.currentTarget.value);
              clear('plural_name');
            }}
            error={errors.plural_name}
          />
          <TextInput
            label={t('categories.slug')}
            description={category ? t('categories.slug_fixed') : t('categories.slug_hint')}
            value={category?.slug ?? ''}
            placeholder={t('categories.slug_placeholder')}
            disabled
            readOnly
          />
          <ColorInput
            label={t('categories.color')}
            value={color}
            onChange={(value) => {
              setColor(value);
              clear('color');
            }}
            format="hex"
            withEyeDropper={false}
            error={errors.color}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={ORDER_PAGE}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!name.trim() || !pluralName.trim()}>
              {category ? t('categories.save') : t('categories.create')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
