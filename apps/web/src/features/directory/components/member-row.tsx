import { Anchor, Avatar, Badge, Group } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectoryMember } from '@agora/contracts';
import classes from './directory.module.css';

type Props = { member: DirectoryMember; fields: string[]; labelOf: (field: string) => string };

/**
 * A member of the directory: image, name linked to the profile, the profile values the network
 * shows. A locked member (listed where the network shows them) is marked and dimmed.
 */
export function MemberRow({ member, fields, labelOf }: Props) {
  const { t } = useTranslation('directory');
  return (
    <li
      className={member.locked ? `${classes.row} ${classes.locked}` : classes.row}
      style={{ '--directory-fields': fields.length } as CSSProperties}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar
          className={classes.avatar}
          src={member.images.small}
          name={member.displayName}
          alt=""
          aria-hidden
          size={40}
          radius="xl"
        />
        <Anchor component={Link} to={member.path} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {member.displayName}
        </Anchor>
        {member.is_external && (
          <Badge size="xs" variant="dot" color="orange" style={{ flexShrink: 0 }}>
            {t('members.guest')}
          </Badge>
        )}
        {member.locked && (
          <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
            {t('members.locked')}
          </Badge>
        )}
      </Group>
      {fields.map((field) =>
        member.profile[field] ? (
          <div key={field} className={classes.field}>
            <span className={classes.fieldLabel}>{labelOf(field)}</span> {member.profile[field]}
          </div>
        ) : (
          // An empty cell keeps the columns in line on wide screens.
          <div key={field} aria-hidden className={`${classes.field} ${classes.empty}`} />
        ),
      )}
    </li>
  );
}
