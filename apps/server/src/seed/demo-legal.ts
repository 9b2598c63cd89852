import type { Services } from '../app.ts';

// A made-up company: every name, number and address below is fictitious.
const IMPRINT = `<p><strong>Acme Demo GmbH</strong><br>Musterstraße 1<br>10115 Berlin<br>Deutschland</p>
<h2>Vertreten durch</h2>
<p>Geschäftsführerin: Anna Adler</p>
<h2>Kontakt</h2>
<p>Telefon: +49 30 1234567-0<br>E-Mail: <a href="mailto:info@example.com">info@example.com</a></p>
<h2>Registereintrag</h2>
<p>Eintragung im Handelsregister.<br>Registergericht: Amtsgericht Berlin-Charlottenburg<br>Registernummer: HRB 123456 B</p>
<h2>Umsatzsteuer-ID</h2>
<p>Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: DE123456789</p>
<h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
<p>Anna Adler, Musterstraße 1, 10115 Berlin</p>`;

const MAIL_IMPRINT = `Acme Demo GmbH · Musterstraße 1 · 10115 Berlin
Amtsgericht Berlin-Charlottenburg, HRB 123456 B · Geschäftsführerin: Anna Adler`;

const PRIVACY = `<p>Der Schutz Ihrer personenbezogenen Daten ist uns wichtig. Diese Erklärung beschreibt, welche Daten wir verarbeiten, wenn Sie unser Intranet nutzen, wozu wir das tun und welche Rechte Sie haben.</p>
<h2>1. Verantwortlicher</h2>
<p>Acme Demo GmbH, Musterstraße 1, 10115 Berlin, E-Mail: <a href="mailto:info@example.com">info@example.com</a>. Unseren Datenschutzbeauftragten erreichen Sie unter <a href="mailto:datenschutz@example.com">datenschutz@example.com</a>.</p>
<h2>2. Welche Daten wir verarbeiten</h2>
<ul>
<li><p>Stammdaten Ihres Kontos: Name, dienstliche E-Mail-Adresse, Profilbild und die Angaben, die Sie in Ihrem Profil freiwillig machen;</p></li>
<li><p>Inhalte, die Sie erstellen: Beiträge, Kommentare, Termine, Dateien und Nachrichten;</p></li>
<li><p>Nutzungsdaten: Zeitpunkt der Anmeldung, IP-Adresse und Browserkennung Ihrer Sitzungen.</p></li>
</ul>
<h2>3. Zwecke und Rechtsgrundlagen</h2>
<p>Wir verarbeiten diese Daten, um Ihnen das Intranet bereitzustellen und die Zusammenarbeit im Unternehmen zu ermöglichen (Art. 6 Abs. 1 lit. b DSGVO, § 26 BDSG) sowie um den sicheren Betrieb zu gewährleisten und Missbrauch zu erkennen (Art. 6 Abs. 1 lit. f DSGVO).</p>
<h2>4. Cookies</h2>
<p>Wir setzen ausschließlich ein technisch notwendiges Sitzungs-Cookie, das Sie nach der Anmeldung wiedererkennt. Es wird nicht zu Analyse- oder Werbezwecken verwendet.</p>
<h2>5. Speicherdauer</h2>
<p>Kontodaten speichern wir für die Dauer Ihrer Mitgliedschaft. Protokolle von Sitzungen löschen wir nach 30 Tagen. Inhalte bleiben erhalten, bis Sie oder eine berechtigte Person sie löschen.</p>
<h2>6. Ihre Rechte</h2>
<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Einschränkung der Verarbeitung, auf Datenübertragbarkeit sowie das Recht, der Verarbeitung zu widersprechen. Außerdem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren.</p>`;

const TERMS = `<p>Diese Bedingungen regeln die Nutzung des Intranets der Acme Demo GmbH durch Mitarbeiterinnen, Mitarbeiter und eingeladene Gäste.</p>
<h2>1. Zugang</h2>
<p>Ihr Zugang ist persönlich. Geben Sie Ihr Passwort nicht weiter und melden Sie sich ab, wenn Sie ein fremdes Gerät benutzen. Einen Verdacht auf Missbrauch melden Sie bitte sofort an <a href="mailto:it@example.com">it@example.com</a>.</p>
<h2>2. Umgang miteinander</h2>
<p>Bitte gehen Sie respektvoll miteinander um. Beleidigende, diskriminierende oder rechtswidrige Inhalte sind nicht erlaubt und werden entfernt. Vertrauliche Informationen gehören nur in Gruppen, deren Mitglieder sie kennen dürfen.</p>
<h2>3. Inhalte</h2>
<p>Sie sind für die Inhalte verantwortlich, die Sie einstellen, und dürfen nur Inhalte hochladen, an denen Sie die nötigen Rechte haben. Mit dem Einstellen erlauben Sie der Acme Demo GmbH, die Inhalte im Intranet anzuzeigen.</p>
<h2>4. Verfügbarkeit</h2>
<p>Wir bemühen uns um einen störungsfreien Betrieb. Für Wartungsarbeiten kann das Intranet vorübergehend nicht erreichbar sein; geplante Wartungen kündigen wir vorher an.</p>
<h2>5. Änderungen</h2>
<p>Wir können diese Bedingungen anpassen. Über wesentliche Änderungen informieren wir Sie rechtzeitig im Intranet.</p>`;

/** The demo network's imprint (web and mail) and its two legal texts. */
export async function seedDemoLegal(services: Services, networkId: string) {
  await services.legal.saveImprint(networkId, { content: IMPRINT, mailImprint: MAIL_IMPRINT });
  await services.legal.create(networkId, {
    name: 'Datenschutzerklärung',
    handle: 'datenschutz',
    statement: 'Wie wir Ihre personenbezogenen Daten im Intranet verarbeiten und welche Rechte Sie haben.',
    text: PRIVACY,
  });
  await services.legal.create(networkId, {
    name: 'Nutzungsbedingungen',
    handle: 'nutzungsbedingungen',
    statement: 'Die Regeln für die Nutzung des Intranets.',
    text: TERMS,
  });
}
