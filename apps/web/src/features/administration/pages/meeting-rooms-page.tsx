import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconVideoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PARTICIPATION_LIMITS, type MeetingRoomAdmin } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import {
  adminMeetingRoomsQuery,
  useCreateMeetingRoom,
  useDeleteMeetingRoom,
  useRenameMeetingRoom,
} from '../meeting-rooms-api.ts';
import { networkQuery } from '../../home/index.ts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';

const MAX = PARTICIPATION_LIMITS.meetingRoomNameMaxLength;

/** Adds a room by name; the name is checked by the server (required, unique). */
function AddRoomForm() {
  const { t } = useTranslation('administration');
  const [name, setName] = useState('');
  const create = useCreateMeetingRoom();
  const labels = { name: t('meeting_rooms.new_name') };
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'administration' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { meeting_room: { name } },
      {
        onSuccess: () => {
          setName('');
          showToast('saving_successful');
        },
        onError: handle,
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <LimitedTextInput
          label={t('meeting_rooms.new_name')}
          value={name}
          maxLength={MAX}
          required
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
          error={errors.name}
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={create.isPending}
          disabled={!name.trim()}
        >
          {t('meeting_rooms.add')}
        </Button>
      </Group>
    </form>
  );
}

/** Renames a room in a modal; its meeting link stays the same. */
function RenameDialog({ room, onClose }: { room: MeetingRoomAdmin | null; onClose: () => void }) {
  const { t } = useTranslation('administration');
  return (
    <Modal opened={room !== null} onClose={onClose} title={t('meeting_rooms.rename_title')} centered>
      {room && <RenameForm key={room.id} room={room} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ room, onClose }: { room: MeetingRoomAdmin; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const [name, setName] = useState(room.name);
  const rename = useRenameMeetingRoom();
  const labels = { name: t('meeting_rooms.name') };
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'administration' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: room.id, body: { meeting_room: { name } } },
      {
        onSuccess: () => {
          showToast('saving_successful');
          onClose();
        },
        onError: handle,
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <LimitedTextInput
          label={t('meeting_rooms.name')}
          value={name}
          maxLength={MAX}
          required
          data-autofocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
          error={errors.name}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('meeting_rooms.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
            {t('meeting_rooms.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RoomRow({ room, onRename }: { room: MeetingRoomAdmin; onRename: () => void }) {
  const { t } = useTranslation('administration');
  const remove = useDeleteMeetingRoom();
  const onDelete = async () => {
    const confirmed = await confirm({
      title: t('meeting_rooms.delete_title'),
      message: t('meeting_rooms.delete_confirm', { name: room.name, count: room.upcoming_bookings }),
      confirmLabel: t('meeting_rooms.delete_button'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(room.id, {
      onSuccess: () => showToast('deleting_successful'),
      onError: () => showToast('deleting_failure', { kind: 'error' }),
    });
  };
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{room.name}</Table.Td>
      <Table.Td ta="right">{room.upcoming_bookings}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {room.can.update && (
            <Tooltip label={t('meeting_rooms.rename', { name: room.name })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('meeting_rooms.rename', { name: room.name })}
                onClick={onRename}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {room.can.destroy && (
            <Tooltip label={t('meeting_rooms.delete', { name: room.name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('meeting_rooms.delete', { name: room.name })}
                loading={remove.isPending}
                onClick={() => void onDelete()}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** `/administration/meeting_rooms`: the network's online meeting rooms, added, renamed, deleted. */
export function MeetingRoomsPage() {
  const { t } = useTranslation('administration');
  usePageTitle(t('meeting_rooms.title'));
  const rooms = useQuery(adminMeetingRoomsQuery);
  // Adding is the network administrators' (as renaming and deleting follow each room's `can`).
  const canCreate = useQuery(networkQuery).data?.can.administrate ?? false;
  const [renaming, setRenaming] = useState<MeetingRoomAdmin | null>(null);

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {t('meeting_rooms.title')}
            </Title>
          }
          backTo="/administration"
        />
        <Text c="dimmed">{t('meeting_rooms.intro')}</Text>
        {canCreate && <AddRoomForm />}
        {rooms.isPending && <LoadingRow />}
        {rooms.isError && <ErrorRow error={rooms.error} onRetry={() => void rooms.refetch()} />}
        {rooms.data?.length === 0 && (
          <EmptyState
            icon={<IconVideoOff size={32} aria-hidden />}
            title={t('meeting_rooms.empty')}
            text={t('meeting_rooms.empty_text')}
          />
        )}
        {rooms.data && rooms.data.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('meeting_rooms.name')}</Table.Th>
                  <Table.Th ta="right">{t('meeting_rooms.upcoming_bookings')}</Table.Th>
                  <Table.Th ta="right">{t('meeting_rooms.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rooms.data.map((room) => (
                  <RoomRow key={room.id} room={room} onRename={() => setRenaming(room)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <RenameDialog room={renaming} onClose={() => setRenaming(null)} />
    </PageContainer>
  );
}
