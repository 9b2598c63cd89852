import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { closeChatDrawer } from './panel-state.ts';

/** A member's name leading to their profile; the drawer closes so that the profile is seen. */
export function MemberLink({ memberId, children, ...props }: AnchorProps & { memberId: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={`/members/${memberId}`} onClick={closeChatDrawer} c="inherit" {...props}>
      {children}
    </Anchor>
  );
}
