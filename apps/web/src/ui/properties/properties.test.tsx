import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Property } from '@agora/contracts';
import { renderUi } from '../testing.tsx';
import { PropertyField } from './property-field.tsx';
import { useProfileFieldLabel } from './profile-labels.ts';
import { PropertyValue } from './property-value.tsx';
import { stubFetch } from '../../testing/render.tsx';

function Harness({
  property,
  initial = null,
  spy,
}: {
  property: Property;
  initial?: unknown;
  spy: (v: unknown) => void;
}) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <PropertyField
      property={property}
      value={value}
      error={property.name === 'broken' ? 'Too long' : undefined}
      onChange={(next) => {
        setValue(next);
        spy(next);
      }}
    />
  );
}

describe('PropertyField', () => {
  it('edits texts, urls, e-mails and dates, and shows the error', () => {
    const spy = vi.fn();
    renderUi(
      <>
        <Harness property={{ name: 'room', label: 'Room', type: 'text' }} spy={spy} />
        <Harness property={{ name: 'langs', label: 'Languages', type: 'text' }} initial={['de', 'en']} spy={spy} />
        <Harness property={{ name: 'broken', label: 'About', type: 'multiline_text' }} spy={spy} />
        <Harness property={{ name: 'site', label: 'Site', type: 'url' }} spy={spy} />
        <Harness property={{ name: 'mail', label: 'Mail', type: 'email' }} spy={spy} />
        <Harness property={{ name: 'since', label: 'Since', type: 'date' }} initial="2026-03-05" spy={spy} />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Room'), { target: { value: 'B1' } });
    expect(spy).toHaveBeenLastCalledWith('B1');
    expect((screen.getByLabelText('Languages') as HTMLInputElement).value).toBe('de, en');
    expect(screen.getByText('Too long')).toBeTruthy();
    expect(screen.getByLabelText('Site').getAttribute('type')).toBe('url');
    expect(screen.getByLabelText('Mail').getAttribute('type')).toBe('email');
    const date = screen.getByLabelText('Since') as HTMLInputElement;
    expect(date.value).toBe('05.03.2026');
    fireEvent.change(date, { target: { value: '24.12.2025' } });
    fireEvent.blur(date);
    expect(spy).toHaveBeenLastCalledWith('2025-12-24');
  });

  it('chooses one or several options and fills an address', async () => {
    const spy = vi.fn();
    const options = [
      { value: 'de', label: 'German' },
      { value: 'en', label: 'English' },
    ];
    renderUi(
      <>
        <Harness property={{ name: 'lang', label: 'Language', type: 'selection', options }} spy={spy} />
        <Harness property={{ name: 'addr', label: 'Address', type: 'address' }} spy={spy} />
      </>,
    );
    fireEvent.click(screen.getByRole('textbox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'English', hidden: true }));
    expect(spy).toHaveBeenLastCalledWith('en');
    expect(screen.getByRole('group', { name: 'Address' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Köln' } });
    expect(spy).toHaveBeenLastCalledWith({ city: 'Köln' });
    for (const part of ['Street', 'No.', 'Postcode', 'State', 'Country'])
      expect(screen.getByLabelText(part)).toBeTruthy();
  });

  it('offers the upload field for images and files, with the stored one listed', () => {
    renderUi(
      <>
        <Harness
          property={{ name: 'photo', label: 'Photo', type: 'image' }}
          initial={{ id: 'img1', name: 'me.png' }}
          spy={vi.fn()}
        />
        <Harness property={{ name: 'cv', label: 'CV', type: 'file' }} spy={vi.fn()} />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Photo' })).toBeTruthy();
    expect(screen.getByText('me.png')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'CV' })).toBeTruthy();
  });
});

describe('PropertyValue', () => {
  it('shows links, a thumbnail, a file link, address lines, dates and option labels', () => {
    renderUi(
      <div>
        <PropertyValue property={{ name: 'site', label: 'Site', type: 'url' }} value="https://example.com" />
        <PropertyValue property={{ name: 'bad', label: 'Bad', type: 'url' }} value="javascript:alert(1)" />
        <PropertyValue property={{ name: 'mail', label: 'Mail', type: 'email' }} value="a@example.com" />
        <PropertyValue property={{ name: 'photo', label: 'Photo', type: 'image' }} value={{ id: 'img1' }} />
        <PropertyValue property={{ name: 'cv', label: 'CV', type: 'file' }} value={{ id: 'f1', name: 'cv.pdf' }} />
        <PropertyValue
          property={{ name: 'addr', label: 'Address', type: 'address' }}
          value={{ street: 'Main St', number: '5', zip: '50667', city: 'Köln', country: 'Germany' }}
        />
        <PropertyValue property={{ name: 'since', label: 'Since', type: 'date' }} value="2026-03-05" />
        <PropertyValue
          property={{
            name: 'lang',
            label: 'Lang',
            type: 'selection',
            multiple: true,
            options: [
              { value: 'de', label: 'German' },
              { value: 'en', label: 'English' },
            ],
          }}
          value={['de', 'en']}
        />
        <PropertyValue property={{ name: 'room', label: 'Room', type: 'text' }} value="" />
      </div>,
    );
    expect(screen.getByRole('link', { name: 'https://example.com' }).getAttribute('href')).toBe('https://example.com');
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(screen.getByRole('link', { name: 'a@example.com' }).getAttribute('href')).toBe('mailto:a@example.com');
    expect(screen.getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe('/api/storage/images/img1/get/200x200');
    expect(screen.getByRole('link', { name: 'cv.pdf' }).getAttribute('href')).toBe(
      '/api/storage/files/f1/get/cv.pdf?download=true',
    );
    expect(screen.getByText('Main St 5')).toBeTruthy();
    expect(screen.getByText('50667 Köln')).toBeTruthy();
    expect(screen.getByText('05.03.2026')).toBeTruthy();
    expect(screen.getByText('German, English')).toBeTruthy();
  });
});

describe('useProfileFieldLabel', () => {
  function Labels() {
    const labelOf = useProfileFieldLabel();
    return <p>{['team', 'phone', 'custom'].map(labelOf).join(' | ')}</p>;
  }

  it("names fields by the network profile's labels, else the fixed fields' labels, else the key", async () => {
    stubFetch({
      'GET /api/v1/property_sets/profile': {
        status: 200,
        body: {
          name: 'profile',
          type: 'basic',
          properties: [{ name: 'team', label: 'Squad', type: 'text' }],
          parent_property_set: null,
          modifications: [],
        },
      },
    });
    renderUi(<Labels />);
    expect(await screen.findByText('Squad | Phone | custom')).toBeTruthy();
  });
});
