import { Fieldset, Grid, MultiSelect, Select, Textarea, TextInput } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressValue, Property } from '@agora/contracts';
import { DateInput } from '../date-input.tsx';
import { UploadField } from '../upload/upload-field.tsx';
import { stateOf, type UploadItem } from '../upload/upload-queue.ts';

/** An image or file value: the stored object's id and its name. */
type StoredValue = { id: string; name?: string };

export type PropertyFieldProps = {
  property: Property;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: ReactNode;
  disabled?: boolean;
  /** Image and file: told while an upload runs, so the form can hold back saving. */
  onUploadingChange?: (uploading: boolean) => void;
};

const ADDRESS_PARTS = ['street', 'number', 'zip', 'city', 'state', 'country'] as const;
// Twelve columns: street wide and its number narrow, zip narrow and the city wide.
const ADDRESS_SPANS: Record<(typeof ADDRESS_PARTS)[number], number> = {
  street: 9,
  number: 3,
  zip: 4,
  city: 8,
  state: 6,
  country: 6,
};

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  // Lists of text stored before the property engine (languages, skills) are edited as one line.
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(', ');
  return '';
}

function storedValue(value: unknown): StoredValue | null {
  if (value && typeof value === 'object' && typeof (value as StoredValue).id === 'string') return value as StoredValue;
  return null;
}

function itemOf(value: StoredValue): UploadItem {
  const name = value.name ?? value.id;
  const dot = name.lastIndexOf('.');
  return {
    clientId: `stored-${value.id}`,
    id: value.id,
    name,
    size: 0,
    type: '',
    extension: dot > 0 ? name.slice(dot + 1).toLowerCase() : '',
    external_id: null,
    progress: 100,
  };
}

/**
 * An image or file property: the app's single-file upload field. The value becomes the upload
 * (`{id, name}`, volatile until the profile is saved, when the server keeps it for the member)
 * once its bytes are there, and null when the file is removed.
 */
function UploadPropertyField({ property, value, onChange, error, disabled, onUploadingChange }: PropertyFieldProps) {
  const current = storedValue(value);
  const [items, setItems] = useState<UploadItem[]>(() => (current ? [itemOf(current)] : []));
  const uploading = items.some((item) => stateOf(item) === 'uploading');
  const onUploadingRef = useRef(onUploadingChange);
  useLayoutEffect(() => {
    onUploadingRef.current = onUploadingChange;
  });
  useEffect(() => onUploadingRef.current?.(uploading), [uploading]);

  const change = (next: UploadItem[]) => {
    setItems(next);
    const shown = next.find((item) => ['volatile', 'published'].includes(stateOf(item)) && item.id);
    if (shown) {
      if (shown.id !== current?.id) onChange({ id: shown.id, name: shown.name });
    } else if (!next.some((item) => stateOf(item) === 'uploading') && current) {
      onChange(null);
    }
  };

  return (
    <UploadField
      directory={property.type === 'image' ? 'images' : 'files'}
      multiple={false}
      value={items}
      onChange={change}
      label={property.label}
      error={error}
      disabled={disabled}
    />
  );
}

function AddressField({ property, value, onChange, error, disabled }: PropertyFieldProps) {
  const { t } = useTranslation('ui');
  const address = (value && typeof value === 'object' ? value : {}) as AddressValue;
  return (
    <Fieldset legend={property.label} variant="unstyled" disabled={disabled}>
      <Grid gutter="xs">
        {ADDRESS_PARTS.map((part) => (
          <Grid.Col key={part} span={{ base: 12, sm: ADDRESS_SPANS[part] }}>
            <TextInput
              label={t(`properties.address.${part}`)}
              value={address[part] ?? ''}
              onChange={(event) => onChange({ ...address, [part]: event.currentTarget.value })}
              error={part === 'street' ? error : undefined}
              required={property.required && part === 'street'}
            />
          </Grid.Col>
        ))}
      </Grid>
    </Fieldset>
  );
}

/**
 * The form field of one property (spec, Property set): a text, textarea, upload, date, select,
 * address, url or e-mail field labelled with the property's label. Controlled: the value is what
 * the server stores (`profile.{name}`), and `error` an already translated message.
 */
export function PropertyField(props: PropertyFieldProps) {
  const { property, value, onChange, error, disabled } = props;
  const { t } = useTranslation('ui');
  const common = { label: property.label, error, disabled, required: property.required };
  switch (property.type) {
    case 'text':
      return <TextInput {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'multiline_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          placeholder="https://"
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'email':
      return (
        <TextInput {...common} type="email" value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'date':
      return <DateInput {...common} value={text(value) || null} onChange={(date) => onChange(date)} />;
    case 'selection': {
      const data = (property.options ?? []).map((o) => ({ value: o.value, label: o.label }));
      if (property.multiple) {
        const chosen = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
        return (
          <MultiSelect
            {...common}
            data={data}
            value={chosen}
            onChange={(next) => onChange(next)}
            searchable
            clearable
          />
        );
      }
      return (
        <Select
          {...common}
          data={data}
          value={text(value) || null}
          onChange={(next) => onChange(next)}
          placeholder={t('properties.choose')}
          clearable={!property.required}
          searchable
        />
      );
    }
    case 'address':
      return <AddressField {...props} />;
    case 'image':
    case 'file':
      return <UploadPropertyField {...props} />;
  }
}
