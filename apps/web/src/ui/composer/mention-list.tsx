import { Paper, Portal, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_DEBOUNCE_MS, MEMBER_SEARCH_MIN_CHARS } from '@agora/contracts';
import { directorySearchQuery } from '../directory-search.ts';
import { memberSearchQuery } from '../member-search.ts';
import type { MentionController, MentionQuery } from './mentions.ts';

type Option = { id: string; label: string; hint: string | null };

function useOptions(query: MentionQuery | null): { options: Option[]; tooShort: boolean; loading: boolean } {
  const [typed] = useDebouncedValue(query?.query ?? '', MEMBER_SEARCH_DEBOUNCE_MS);
  const marker = query?.marker ?? null;
  const tooShort = marker === '@' && typed.length < MEMBER_SEARCH_MIN_CHARS;
  const members = useQuery({ ...memberSearchQuery(typed), enabled: marker === '@' && !tooShort });
  const groups = useQuery({ ...directorySearchQuery(typed, false), enabled: marker === '#' });
  if (marker === '@') {
    const options = (members.data?.members ?? []).map((m) => ({ id: m.id, label: m.displayName, hint: null }));
    return { options: tooShort ? [] : options, tooShort, loading: members.isFetching };
  }
  if (marker === '#') {
    const options = (groups.data?.groups ?? []).map((g) => ({ id: g.id, label: g.name, hint: g.category.name }));
    return { options, tooShort: false, loading: groups.isFetching };
  }
  return { options: [], tooShort: false, loading: false };
}

/**
 * The suggestion list under the cursor while a mention is typed: `@` searches members (from two
 * characters), `#` groups, 375 ms after the last key. Arrow keys move, Enter or Tab choose,
 * Escape closes; a click chooses too.
 */
export function MentionList({ controller }: { controller: MentionController }) {
  const { t } = useTranslation('ui');
  const id = useId();
  const query = useSyncExternalStore(controller.subscribe, controller.snapshot, controller.snapshot);
  const { options, tooShort, loading } = useOptions(query);
  const [chosen, setActive] = useState(0);
  const active = Math.min(chosen, Math.max(options.length - 1, 0));

  useEffect(() => {
    controller.setKeyHandler((event) => {
      if (!query) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return true;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((active + step + options.length) % options.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const option = options[active];
        if (!option) return false;
        query.insert({ id: option.id, label: option.label });
        return true;
      }
      return false;
    });
    return () => controller.setKeyHandler(null);
  }, [controller, query, options, active]);

  if (!query) return null;
  const rect = query.rect;
  const style = rect
    ? {
        position: 'fixed' as const,
        top: rect.bottom + 4,
        left: Math.max(4, Math.min(rect.left, window.innerWidth - 264)),
      }
    : { position: 'fixed' as const, top: 8, left: 8 };
  const status = tooShort
    ? t('composer.mentions.enter_more', { min: MEMBER_SEARCH_MIN_CHARS })
    : loading && options.length === 0
      ? t('composer.mentions.searching')
      : options.length === 0
        ? t('composer.mentions.no_match')
        : null;

  return (
    <Portal>
      <Paper
        shadow="md"
        withBorder
        p={4}
        w={260}
        style={{ ...style, zIndex: 400, maxHeight: 280, overflowY: 'auto' }}
        data-mention-list
      >
        <div
          role="listbox"
          id={id}
          aria-label={t(query.marker === '@' ? 'composer.mentions.members' : 'composer.mentions.groups')}
        >
          {options.map((option, index) => (
            <UnstyledButton
              key={option.id}
              role="option"
              id={`${id}-${index}`}
              aria-selected={index === active}
              tabIndex={-1}
              display="block"
              w="100%"
              px="xs"
              py={4}
              style={{
                borderRadius: 4,
                background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
              }}
              // Keeps the focus (and the selection) in the editor.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => query.insert({ id: option.id, label: option.label })}
            >
              <Text size="sm" component="span" display="block">
                {query.marker}
                {option.label}
              </Text>
              {option.hint && (
                <Text size="xs" c="dimmed" component="span" display="block">
                  {option.hint}
                </Text>
              )}
            </UnstyledButton>
          ))}
        </div>
        {status && (
          <Text size="sm" c="dimmed" px="xs" py={4} role="status">
            {status}
          </Text>
        )}
      </Paper>
    </Portal>
  );
}
