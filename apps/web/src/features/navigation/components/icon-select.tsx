import { Group, Select, Text } from '@mantine/core';
import {
  IconBook,
  IconBookmark,
  IconCalendar,
  IconCertificate,
  IconColumns,
  IconExternalLink,
  IconFile,
  IconFileText,
  IconFlag,
  IconFolder,
  IconFolderOpen,
  IconHeartHandshake,
  IconLink,
  IconList,
  IconMail,
  IconMessages,
  IconPaperclip,
  IconSettings,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APP_NAVIGATION_ICONS, type AppNavigationIcon } from '@agora/contracts';
import type { Icon } from '../../../app/registry.ts';

/** How the editor shows each of the 22 icons of the app. */
export const APP_ICONS: Record<AppNavigationIcon, Icon> = {
  globe: IconWorld,
  envelope: IconMail,
  comments: IconMessages,
  calendar: IconCalendar,
  'folder-open': IconFolderOpen,
  'list-alt': IconList,
  file: IconFile,
  cog: IconSettings,
  link: IconLink,
  'external-link': IconExternalLink,
  'user-circle': IconUserCircle,
  users: IconUsers,
  folder: IconFolder,
  'file-text': IconFileText,
  columns: IconColumns,
  paperclip: IconPaperclip,
  book: IconBook,
  bullhorn: IconSpeakerphone,
  certificate: IconCertificate,
  bookmark: IconBookmark,
  flag: IconFlag,
  handshake: IconHeartHandshake,
};

/** The icon picker: the fixed set of 22, each shown with its name. */
export function IconSelect({
  value,
  onChange,
  label,
}: {
  value: AppNavigationIcon;
  onChange: (icon: AppNavigationIcon) => void;
  label: string;
}) {
  const { t } = useTranslation('navigation');
  const Current = APP_ICONS[value] ?? IconLink;
  return (
    <Select
      label={label}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as AppNavigationIcon)}
      leftSection={<Current size={18} aria-hidden />}
      data={APP_NAVIGATION_ICONS.map((icon) => ({ value: icon, label: t(`icons.${icon}`) }))}
      renderOption={({ option }) => {
        const Option = APP_ICONS[option.value as AppNavigationIcon];
        return (
          <Group gap="xs" wrap="nowrap">
            <Option size={18} aria-hidden />
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}
