import { NativeSelect } from '@mantine/core';
import { useRichTextEditorContext } from '@mantine/tiptap';
import { useTranslation } from 'react-i18next';
import { CODE_LANGUAGES } from './rich-text-options.ts';

/** The language of the code block the caret is in; shown in the toolbar only there. */
export function RichTextCodeLanguage() {
  const { t } = useTranslation('ui');
  const { editor } = useRichTextEditorContext();
  if (!editor?.isActive('codeBlock')) return null;
  const language = (editor.getAttributes('codeBlock').language as string | null) ?? 'plain';
  return (
    <NativeSelect
      size="xs"
      aria-label={t('editor.code_language')}
      title={t('editor.code_language')}
      value={language}
      data={CODE_LANGUAGES.map((value) => ({ value, label: t(`editor.languages.${value}`) }))}
      onChange={(event) =>
        editor.chain().focus().updateAttributes('codeBlock', { language: event.currentTarget.value }).run()
      }
    />
  );
}
