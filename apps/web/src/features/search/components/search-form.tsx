import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_LIMITS } from '@agora/contracts';

/**
 * The results page's search field: submitting puts the query into the address. The page keys it
 * by the query, so that one from the header or the history shows in it too.
 */
export function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('search');
  const [value, setValue] = useState(q);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value);
      }}
    >
      <TextInput
        type="search"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        aria-label={t('field.label')}
        placeholder={t('field.placeholder')}
        maxLength={SEARCH_LIMITS.queryMax}
        size="md"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSectionWidth={44}
        rightSection={
          <ActionIcon type="submit" variant="filled" size="lg" aria-label={t('field.submit')}>
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
