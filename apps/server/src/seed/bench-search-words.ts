// The words of the search benchmark's world (bench-search-world.ts): German as an intranet writes
// it. The list is ordered by how often a word is drawn (the first most often, Zipf), and made
// longer with compounds of two words, which are drawn rarely, as long German words are.

/** Everyday words first (some are stop words, which the German configuration drops). */
const BASE = `und der die das mit für Team Projekt Termin heute morgen Besprechung bitte danke Woche
Frage Antwort Info neue Stand Plan Bericht Liste Idee Thema Update Gruppe Leitung Kollegen Mitarbeiter
Kunde Angebot Vertrag Rechnung Budget Ziel Ergebnis Entwurf Vorlage Dokument Datei Ordner Protokoll
Präsentation Workshop Schulung Seminar Konferenz Sitzung Abstimmung Entscheidung Freigabe Prüfung
Auftrag Lieferung Bestellung Lager Einkauf Verkauf Vertrieb Marketing Kampagne Messe Veranstaltung
Feier Sommerfest Weihnachtsfeier Betriebsausflug Jubiläum Geburtstag Urlaub Vertretung Krankmeldung
Arbeitszeit Homeoffice Büro Standort Gebäude Raum Parkplatz Kantine Speiseplan Kaffee Küche Drucker
Netzwerk Server Software Hardware Laptop Telefon Passwort Zugang Konto Sicherheit Datenschutz
Richtlinie Handbuch Anleitung Prozess Ablauf Qualität Audit Zertifikat Norm Kennzahl Umsatz Gewinn
Quartal Jahresabschluss Prognose Strategie Vision Leitbild Werte Kultur Feedback Umfrage Bewertung
Ziele Meilenstein Zeitplan Frist Verschiebung Absage Einladung Anmeldung Teilnahme Agenda Raumbuchung
Personal Bewerbung Einstellung Ausbildung Praktikum Onboarding Einarbeitung Mentor Weiterbildung
Gesundheit Sport Lauftreff Fußball Yoga Fahrrad Nachhaltigkeit Energie Umwelt Recycling Mülltrennung
Spende Verein Ehrenamt Nachbarschaft Stadt Region Filiale Zentrale Abteilung Bereich Sparte Einheit
Produktion Maschine Wartung Reparatur Störung Ausfall Notfall Brandschutz Evakuierung Übung Ersthelfer
Entwicklung Forschung Innovation Patent Prototyp Test Version Freigabetermin Roadmap Anforderung
Schnittstelle Datenbank Migration Release Fehler Lösung Ticket Support Hotline Service Wissen
Artikel Newsletter Zeitung Beitrag Kommentar Umfrageergebnis Foto Video Podcast Interview Rede
Vorstand Geschäftsführung Betriebsrat Aufsichtsrat Versammlung Wahl Satzung Beschluss Antrag
Finanzen Steuer Buchhaltung Controlling Reisekosten Abrechnung Gehalt Bonus Zuschuss Versicherung
Logistik Transport Versand Paket Spedition Zoll Export Import Partner Lieferant Dienstleister
Kooperation Netzwerkpflege Kontakt Adresse Verzeichnis Telefonliste Organigramm Struktur Wandel
Digitalisierung Automatisierung Cloud Plattform App Intranet Kalender Nachricht Chat Suche Profil
Herbst Winter Frühling Sommer Januar Februar März April Mai Juni Juli August September Oktober
November Dezember Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag Vormittag Nachmittag
schnell langsam wichtig dringend einfach schwierig offen geschlossen fertig bereit aktuell wöchentlich
monatlich jährlich gemeinsam erfolgreich digital analog intern extern regional global lokal zentral
planen besprechen prüfen freigeben abstimmen entscheiden liefern bestellen berechnen schreiben lesen
teilen senden empfangen melden helfen lernen lehren feiern gratulieren einladen absagen verschieben
Hamburg Berlin München Köln Frankfurt Stuttgart Leipzig Dresden Bremen Hannover Nürnberg Dortmund
Apfelkuchen Grillabend Tischtennis Kicker Schachturnier Chorprobe Bandprobe Theatergruppe Lesekreis
Fotowettbewerb Adventskalender Osterbrunch Fastnacht Oktoberfest Flohmarkt Tombola Spendenlauf`;

const words = BASE.split(/\s+/).filter(Boolean);

/**
 * The vocabulary, most frequent first: the base words, then compounds (`Projekt` + `plan` ...)
 * until `size` words, the rarest.
 */
export function searchVocabulary(size = 4000): string[] {
  const out = new Set(words);
  const nouns = [...out].filter((w) => /^[A-ZÄÖÜ]/.test(w) && w.length > 3);
  // Each noun with the one `step` places after it: every pair once, however large the size.
  for (let step = 1; out.size < size && step < nouns.length; step++)
    for (let i = 0; i < nouns.length && out.size < size; i++)
      out.add(nouns[i]! + nouns[(i + step) % nouns.length]!.toLowerCase());
  return [...out].slice(0, size);
}

/** First names of the members (drawn evenly). */
export const FIRST_NAMES = `Anna Ben Clara David Emma Felix Greta Hannah Jonas Julia Karl Laura Lukas Marie Max Mia
Noah Paul Sophie Tim Lena Leon Nina Finn Sarah Jan Lea Tom Eva Moritz Ida Elias Frieda Oskar Mila Anton
Johanna Theo Charlotte Henry Luisa Emil Amelie Jakob Marlene Vincent Helene Samuel Lina Erik`
  .split(/\s+/)
  .filter(Boolean);

/** Family names of the members (drawn evenly): their prefixes are the name searches. */
export const LAST_NAMES = `Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch
Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt
Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser
Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler
Roth Beck Lorenz Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer
Vogt Stein Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf Schulte Dietrich Ziegler Kuhn
Kühn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff Pfeiffer`
  .split(/\s+/)
  .filter(Boolean);
