import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIGEST_SWITCHES, digestFromSwitch, digestSwitchOf, type DigestSettings } from '@agora/contracts';

type Props = {
  /** Heading of the digest, and the key of its texts (`digests` or `daily_digests`). */
  kind: 'digests' | 'daily_digests';
  value: DigestSettings;
  groups: Array<{ id: string; name: string }>;
  onChange: (value: DigestSettings) => void;
};

/** A digest: off, for all the member's groups or the groups picked; with or without the network level. */
export function DigestField({ kind, value, groups, onChange }: Props) {
  const { t } = useTranslation('member-settings');
  const choice = digestSwitchOf(value);
  const picked = value.group_ids ?? [];

  return (
    <Stack gap="xs">
      <Radio.Group
        label={t(`${kind}.label`)}
        description={t(`${kind}.description`)}
        value={choice}
        onChange={(next) =>
          onChange({ ...value, ...digestFromSwitch(next as (typeof DIGEST_SWITCHES)[number], picked) })
        }
      >
        <Stack gap="xs" mt="xs">
          {DIGEST_SWITCHES.map((option) => (
            <Radio key={option} value={option} label={t(`digest_switch.${option}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {choice === 'selected_groups' &&
        (groups.length === 0 ? (
          <Text size="sm" c="dimmed" pl="lg">
            {t('no_groups')}
          </Text>
        ) : (
          <Checkbox.Group
            label={t('groups_label')}
            value={picked}
            onChange={(ids) => onChange({ ...value, group_ids: ids })}
            pl="lg"
          >
            <Stack gap={6} mt="xs">
              {groups.map((group) => (
                <Checkbox key={group.id} value={group.id} label={group.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
      {choice !== 'disabled' && (
        <Checkbox
          label={t('include_network_level')}
          checked={value.include_network_level}
          onChange={(event) => onChange({ ...value, include_network_level: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
