import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { countLines } from './rich-text-options.ts';
import { axeViolations, renderUi } from './testing.tsx';

function Field({
  initial = '',
  collapsed = false,
  onChange,
}: {
  initial?: string;
  collapsed?: boolean;
  onChange?: (html: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Beschreibung"
        value={value}
        collapsed={collapsed}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Neu gesetzt mit vier Wörtern</p><p>zweite</p>')}>
        Setzen
      </button>
      <button type="button" onClick={() => setValue('')}>
        Leeren
      </button>
    </>
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Beschreibung' });
const counters = () =>
  within(screen.getByRole('group', { name: 'Zählung' }))
    .getAllByText(/:/)
    .map((e) => e.textContent);

describe('RichTextEditor', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows the toolbar of the spec, all of it named', async () => {
    renderUi(<Field />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatierung' });
    for (const name of [
      'Fett',
      'Kursiv',
      'Unterstrichen',
      'Durchgestrichen',
      'Textfarbe',
      'Überschrift 1',
      'Überschrift 5',
      'Aufzählung',
      'Nummerierte Liste',
      'Zitat',
      'Codeblock',
      'Link',
      'Link entfernen',
    ]) {
      expect(within(toolbar).getByRole('button', { name }), name).toBeTruthy();
    }
    expect(within(toolbar).queryByRole('button', { name: 'Überschrift 6' })).toBeNull();
    expect(textbox().getAttribute('contenteditable')).toBe('true');
    expect(await axeViolations()).toEqual([]);
  });

  it('counts words, lines and characters of what is set', async () => {
    renderUi(<Field initial="<p>Hallo Welt</p>" />);
    expect(counters()).toEqual(['Wörter: 2', 'Zeilen: 1', 'Zeichen: 10']);
    fireEvent.click(screen.getByRole('button', { name: 'Setzen' }));
    await waitFor(() => expect(counters()).toEqual(['Wörter: 6', 'Zeilen: 2', 'Zeichen: 34']));
    expect(textbox().textContent).toContain('Neu gesetzt');
    fireEvent.click(screen.getByRole('button', { name: 'Leeren' }));
    await waitFor(() => expect(counters()).toEqual(['Wörter: 0', 'Zeilen: 0', 'Zeichen: 0']));
  });

  it('reports its HTML, and an empty text as an empty string', async () => {
    const onChange = vi.fn();
    renderUi(<Field initial="<p>Hallo</p>" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Überschrift 2' }));
    // The trailing paragraph lets the writer go on below a heading or code block.
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>Hallo</h2><p></p>'));
    act(() => {
      textbox().focus();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rückgängig' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Hallo</p>'));
  });

  it('colours text from the palette only', async () => {
    const onChange = vi.fn();
    renderUi(<Field initial="<p>Hallo</p>" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Textfarbe' }));
    const swatches = await screen.findAllByRole('button', { name: /^Farbe: / });
    expect(swatches).toHaveLength(13);
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toContain('Farbe: Goldgelb');
    expect(await axeViolations()).toEqual([]);
  });

  it('sets a link through the prompt, adding https://, and removes it with an empty entry', async () => {
    const onChange = vi.fn();
    renderUi(<Field initial="<p></p>" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const entry = await screen.findByLabelText('Linkadresse');
    fireEvent.change(entry, { target: { value: 'www.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="https://www.example.com"')),
    );
    expect(onChange.mock.lastCall?.[0]).toContain('>https://www.example.com</a>');

    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const again = await screen.findByLabelText('Linkadresse');
    await waitFor(() => expect((again as HTMLInputElement).value).toBe('https://www.example.com'));
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).not.toContain('<a'));
  });

  it('offers the languages of the spec inside a code block', async () => {
    const onChange = vi.fn();
    renderUi(<Field initial="<pre><code>echo 1</code></pre>" onChange={onChange} />);
    act(() => {
      textbox().focus();
    });
    const select = await screen.findByRole('combobox', { name: 'Sprache des Codes' });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'plain',
      'bash',
      'css',
      'html',
      'js',
      'markdown',
      'ruby',
      'sql',
    ]);
    fireEvent.change(select, { target: { value: 'bash' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('language-bash')));
  });

  it('starts collapsed as one line and opens on click', async () => {
    renderUi(<Field collapsed />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Antwort schreiben …' }));
    expect(await screen.findByRole('toolbar', { name: 'Formatierung' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(textbox()));
  });

  it('opens on focus too, and starts open when there is text already', async () => {
    const { unmount } = renderUi(<Field collapsed />);
    fireEvent.focus(screen.getByRole('button', { name: 'Antwort schreiben …' }));
    expect(await screen.findByRole('toolbar')).toBeTruthy();
    unmount();
    renderUi(<Field collapsed initial="<p>Entwurf</p>" />);
    expect(screen.getByRole('toolbar')).toBeTruthy();
  });
});

describe('RichTextEditor field states', () => {
  it('names its error and hides its label on request', async () => {
    await i18n.changeLanguage('de');
    renderUi(
      <RichTextEditor label="Antwort" hideLabel value="" onChange={() => {}} error="Bitte ausfüllen." required />,
    );
    const box = screen.getByRole('textbox', { name: 'Antwort' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Bitte ausfüllen.');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('countLines', () => {
  it('counts the lines of the plain text', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('eins')).toBe(1);
    expect(countLines('eins\nzwei\n')).toBe(3);
  });
});
