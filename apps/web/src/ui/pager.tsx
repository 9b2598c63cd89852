import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Pages of a list: two page numbers either side of the current one (the spec's window width). */
export function Pager({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('common');
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={Math.min(page, total)}
      onChange={onChange}
      siblings={2}
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
      getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
    />
  );
}
