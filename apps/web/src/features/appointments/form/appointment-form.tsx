import { Button, Group, Paper, Stack } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Appointment } from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { showFormErrors, useFormErrors } from '../../../ui/form-errors.ts';
import { showToast } from '../../../ui/toast.tsx';
import { itemFromStored, UploadsPendingError, useUploadField, type UploadItem } from '../../../ui/upload/index.ts';
import { useSaveAppointment } from '../api.ts';
import { askApplyTo } from '../components/apply-to-dialog.tsx';
import { isOccurrenceId } from '../lib/occurrence.ts';
import { AttachmentsSection, StreamSection } from './attachments-section.tsx';
import { AttendeeSection, CategorySection, RegistrationSection } from './attendance-sections.tsx';
import { BasicsSection, type CalendarChoice } from './basics-section.tsx';
import { DateSection, showEndField } from './date-section.tsx';
import { validateAppointment } from './form-body.ts';
import { endBeforeStartPart } from './form-rules.ts';
import type { UpdateValues } from './form-section.tsx';
import type { AppointmentFormValues } from './form-values.ts';
import {
  InvitationLink,
  InvitationSection,
  invitationBody,
  invitationLabels,
  NO_INVITATION,
} from './invitation-section.tsx';
import { LocationSection, MeetingSection } from './location-section.tsx';
import { RecurrenceSection } from './recurrence-section.tsx';

/** The stored files of an appointment as items of its upload field. */
function storedFiles(appointment: Appointment | undefined): UploadItem[] {
  return (appointment?.event_files ?? []).map((file) =>
    itemFromStored({
      id: file.id,
      name: file.name,
      type: file.content_type,
      size: file.size,
      extension: file.extension,
      external_id: null,
      state: 'published',
      token: null,
      created_at: file.updated_at,
    }),
  );
}

function storedImage(appointment: Appointment | undefined, name: string): UploadItem[] {
  const image = appointment?.event_image;
  if (!image) return [];
  return [
    {
      clientId: `stored-${image.id}`,
      id: image.id,
      name,
      size: 0,
      type: 'image',
      extension: '',
      external_id: null,
      progress: 100,
    },
  ];
}

/** The room the appointment has, to name in the picker before its list has loaded. */
function roomOf(appointment: Appointment | undefined) {
  const meeting = appointment?.meeting;
  return meeting?.room_id ? { id: meeting.room_id, name: meeting.room_name ?? '' } : null;
}

export type AppointmentFormProps = {
  /** The appointment being edited; none for a new one. */
  appointment?: Appointment;
  initial: AppointmentFormValues;
  calendars: CalendarChoice[];
  canSeeTeams: boolean;
  /** network can.create_meetings: the meeting room picker is offered. */
  canCreateMeetings?: boolean;
  /** Where cancel leads when the form was opened directly (else one step back). */
  cancelTo: string;
};

/**
 * The appointment form of the calendars spec, section 2, every section in the spec's order. The
 * server's schema checks it before sending (the same keys as the server's answer); an occurrence
 * of a series asks "this or all" first; saving waits for uploads, then goes to the appointment.
 */
export function AppointmentForm({
  appointment,
  initial,
  calendars,
  canSeeTeams,
  canCreateMeetings = false,
  cancelTo,
}: AppointmentFormProps) {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveAppointment(appointment?.id);
  const [values, setValues] = useState(initial);
  const [invitation, setInvitation] = useState(NO_INVITATION);
  const [publishing, setPublishing] = useState(false);
  const { errors, setErrors, clear } = useFormErrors();
  const files = useUploadField('files', storedFiles(appointment));
  const image = useUploadField('images', storedImage(appointment, t('form.event_image')));
  const occurrence = !!appointment && isOccurrenceId(appointment.id);

  const update: UpdateValues = useCallback(
    (change, fields) => {
      setValues(change);
      for (const field of typeof fields === 'string' ? [fields] : (fields ?? [])) clear(field);
    },
    [clear],
  );

  const labels = useMemo(
    () => ({
      name: t('form.name'),
      description: t('form.description'),
      calendar_ids: t('form.calendars'),
      'date.start': t('form.start_date'),
      'date.end': t('form.end_date'),
      'date.time_zone': t('form.time_zone'),
      'recurrence_pattern.recurrence_frequency': t('form.frequency'),
      'recurrence_pattern.recurrence_interval': t('form.interval'),
      'recurrence_pattern.recurrence_end_time': t('form.recurrence_end'),
      'location.zip': t('form.location.zip'),
      'location.link': t('form.location.link'),
      'meeting.join_url': t('form.meeting.joinUrl'),
      'meeting.room_id': t('form.meeting.room'),
      'attendee_configuration.total': t('form.attendee_total'),
      'application_configuration.costs': t('form.costs'),
      'application_configuration.url': t('form.ticket_url'),
      'application_configuration.registration_deadline': t('form.registration_deadline'),
      category_id: t('form.category'),
      contact_ids: t('form.contacts'),
      ...invitationLabels(t),
    }),
    [t],
  );

  /**
   * A failed check or save: fields marked, one toast, and the wrong part of the end (the time
   * when only it is before the start) named and shown.
   */
  const report = (error: unknown) => {
    const endPart = endBeforeStartPart(values) ?? 'date';
    const named = endPart === 'time' ? { ...labels, 'date.end': t('form.end_time') } : labels;
    const fields = showFormErrors(error, { labels: named, ns: 'appointments' });
    setErrors(fields);
    if (fields['date.end']) showEndField(endPart);
  };

  const submit = async () => {
    const uploads = { fileIds: files.keptIds, imageId: image.keptIds[0] ?? null };
    const checked = validateAppointment(values, uploads, { canSeeTeams });
    if (!checked.ok) {
      report(new ApiError(422, { errors: checked.errors }));
      return;
    }
    const applyTo = occurrence ? await askApplyTo('save') : undefined;
    if (applyTo === null) return;
    setPublishing(true);
    try {
      await Promise.all([files.publish(), image.publish()]);
    } catch (error) {
      showToast(error instanceof UploadsPendingError ? 'upload:uploads_pending' : 'saving_failure', { kind: 'error' });
      setPublishing(false);
      return;
    }
    setPublishing(false);
    // A new appointment is saved with its invitation, in one go.
    const body = appointment ? checked.body : { ...checked.body, ...invitationBody(invitation) };
    save.mutate(applyTo ? { ...body, apply_to: applyTo } : body, {
      onSuccess: (saved) => {
        // Removed files are deleted once the appointment no longer points at them.
        void Promise.allSettled([files.deleteRemoved(), image.deleteRemoved()]);
        showToast('saving_successful');
        // The appointment takes the form's place in the history: back leads where the member was before.
        void navigate(`/appointments/${encodeURIComponent(saved.id)}`, { replace: true });
      },
      onError: report,
    });
  };

  const section = { values, update, errors };
  const saving = publishing || save.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <BasicsSection {...section} calendars={calendars} />
        <DateSection {...section} />
        <RecurrenceSection {...section} occurrence={occurrence} />
        <LocationSection {...section} />
        <MeetingSection
          {...section}
          canSeeTeams={canSeeTeams}
          rooms={canCreateMeetings ? { appointmentId: appointment?.id, initialRoom: roomOf(appointment) } : null}
        />
        <CategorySection {...section} />
        <AttendeeSection {...section} />
        <RegistrationSection {...section} />
        <AttachmentsSection {...section} files={files} image={image} storedImage={appointment?.event_image ?? null} />
        <StreamSection {...section} />
        {!appointment && <InvitationSection {...section} invitation={invitation} onInvitation={setInvitation} />}
        {appointment?.can.update_participants && <InvitationLink appointmentId={appointment.id} />}
        <Paper
          withBorder
          radius="md"
          p="sm"
          pos="sticky"
          bottom={0}
          style={{ zIndex: 2, boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              // Back where the member came from (a group's calendar ...); opened directly, cancelTo.
              onClick={() => void (location.key === 'default' ? navigate(cancelTo) : navigate(-1))}
            >
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={saving || files.isUploading || image.isUploading}>
              {t('form.save')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
