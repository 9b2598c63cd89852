import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api-client.ts';
import { i18n } from '../i18n/index.ts';
import { LimitedTextarea, LimitedTextInput, textLimit } from './limited-text.tsx';
import { axeViolations, renderUi } from './testing.tsx';
import { fieldErrorMessages } from './use-error-message.ts';

let language: string;
beforeAll(async () => {
  language = i18n.language;
  await i18n.changeLanguage('en');
});
afterAll(async () => {
  await i18n.changeLanguage(language);
});

function NameForm({ initial = '', onSave }: { initial?: string; onSave: (name: string) => void }) {
  const [name, setName] = useState(initial);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave(name);
      }}
    >
      <LimitedTextInput
        label="Name"
        maxLength={255}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

const count = () => screen.queryByTestId('character-count');

describe('textLimit', () => {
  it('shows the count from 80 % of the maximum on, and knows when the text is over', () => {
    expect(textLimit('x'.repeat(203), 255)).toMatchObject({ length: 203, shown: false, over: false });
    expect(textLimit('x'.repeat(204), 255)).toMatchObject({ shown: true, over: false });
    expect(textLimit('x'.repeat(256), 255)).toMatchObject({ shown: true, over: true });
    // Counted as the server counts: trimmed.
    expect(textLimit(`  ${'x'.repeat(255)}  `, 255).over).toBe(false);
  });
});

describe('LimitedTextInput', () => {
  it('keeps quiet while the text is short', () => {
    renderUi(<NameForm initial="Team meeting" onSave={() => {}} />);
    expect(count()).toBeNull();
    expect(screen.queryByText(/At most/)).toBeNull();
  });

  it('counts the characters near the maximum and says how many are left', () => {
    renderUi(<NameForm initial={'x'.repeat(243)} onSave={() => {}} />);
    expect(count()?.textContent).toBe('243/255');
    expect(count()?.hasAttribute('data-over')).toBe(false);
    expect(screen.getByText('12 characters left')).toBeTruthy();
  });

  it('keeps a pasted 10,000-character text whole, shows it over in red, and does not submit', () => {
    const save = vi.fn();
    renderUi(<NameForm onSave={save} />);
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    // No maxLength: the browser would silently cut what is pasted beyond it.
    expect(input.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(input, { target: { value: 'W'.repeat(10_000) } });
    expect(input.value).toHaveLength(10_000);
    expect(count()?.textContent).toBe('10000/255');
    expect(count()?.getAttribute('data-over')).toBe('true');
    expect(screen.getByText('9745 characters too many')).toBeTruthy();
    expect(screen.getByText('At most 255 characters.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: 'W'.repeat(255) } });
    expect(screen.queryByText('At most 255 characters.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith('W'.repeat(255));
  });

  it('has no accessibility findings when over', async () => {
    renderUi(<NameForm initial={'W'.repeat(300)} onSave={() => {}} />);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('LimitedTextarea', () => {
  it('counts a longer text against its own maximum', () => {
    renderUi(<LimitedTextarea label="Message" maxLength={2000} value={'x'.repeat(1900)} onChange={() => {}} />);
    expect(count()?.textContent).toBe('1900/2000');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).hasAttribute('maxlength')).toBe(false);
  });
});

describe('a 422 for a text that is too long', () => {
  it('says the maximum the server names', () => {
    const error = new ApiError(422, {
      errors: { name: ['too_long'], zip: ['too_long'], calendar_ids: ['calendars_empty'] },
      details: { name: { maximum: 255 } },
    });
    const messages = fieldErrorMessages(error, 'appointments');
    expect(messages?.name).toBe('At most 255 characters.');
    expect(messages?.zip).toBe('Too long.');
  });
});
