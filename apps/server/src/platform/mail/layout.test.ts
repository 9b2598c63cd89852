import { describe, expect, it } from 'vitest';
import { languageTag, renderMail } from './layout.ts';

const content = {
  subject: 'Einladung <Team>',
  paragraphs: ['Hallo Anna,', 'Max lädt dich ein: "Sommerfest" & mehr.\nZweite Zeile.'],
  action: { label: 'Einladung ansehen', url: 'https://acme.example/invites/1?a=1&b=2' },
  closing: ['Bis bald!'],
};

describe('renderMail', () => {
  it('writes the text part: paragraphs, the action as label and address, the imprint after "-- "', () => {
    const mail = renderMail(content, { locale: 'de_DU', imprint: 'Acme Demo GmbH\nBerlin' });
    expect(mail.subject).toBe('Einladung <Team>');
    expect(mail.text).toBe(
      'Hallo Anna,\n\nMax lädt dich ein: "Sommerfest" & mehr.\nZweite Zeile.\n\n' +
        'Einladung ansehen:\nhttps://acme.example/invites/1?a=1&b=2\n\nBis bald!\n\n-- \nAcme Demo GmbH\nBerlin\n',
    );
  });

  it('leaves out the signature line when the network has no mail imprint', () => {
    const mail = renderMail({ subject: 'S', paragraphs: ['Only this.'] }, { locale: 'en', imprint: '  ' });
    expect(mail.text).toBe('Only this.\n');
    expect(mail.html).not.toContain('color:#868e96');
  });

  it('writes the HTML part escaped, in the recipient’s language, with the imprint as footer', () => {
    const mail = renderMail(content, { locale: 'de', networkName: 'Acme & Co', imprint: 'Acme <Demo> GmbH\nBerlin' });
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('<title>Einladung &lt;Team&gt;</title>');
    expect(mail.html).toContain('>Acme &amp; Co</td>');
    expect(mail.html).toContain('Max lädt dich ein: &quot;Sommerfest&quot; &amp; mehr.<br>Zweite Zeile.');
    expect(mail.html).toContain('href="https://acme.example/invites/1?a=1&amp;b=2"');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:');
    expect(mail.html).toContain('Acme &lt;Demo&gt; GmbH<br>Berlin');
    expect(mail.html).not.toContain('<Demo>');
  });

  it('says the button hint in each language, English for an unknown one', () => {
    const hint = (locale: string) => renderMail(content, { locale, imprint: '' }).html;
    expect(hint('de_DU')).toContain('öffne diese Adresse:');
    expect(hint('en')).toContain('If the button does not work, open this address:');
    expect(hint('es')).toContain('Si el botón no funciona, abre esta dirección:');
    expect(hint('fr')).toContain('Si le bouton ne fonctionne pas, ouvrez cette adresse :');
    expect(hint('xx')).toContain('If the button does not work');
  });
});

describe('languageTag', () => {
  it('gives the language of a locale', () => {
    expect(languageTag('de_DU')).toBe('de');
    expect(languageTag('fr')).toBe('fr');
  });
});
