// The one way text gets into an iCalendar (RFC 5545) content line. Every property whose value
// or parameter comes from what members or administrators wrote (calendar and network names,
// appointment names, descriptions, places, people's names) is written through these: a line
// break in a name must never end the line and start a forged property or event.
//
// - TEXT values (3.3.11): backslash, semicolon and comma get a backslash, every line break
//   (CRLF, CR or LF) becomes `\n`.
// - Parameter values (3.2) are always quoted; inside the quotes RFC 6868 stands for what RFC
//   5545 cannot carry there: `^'` for a double quote, `^n` for a line break, `^^` for `^`.
// - Every value loses the control characters RFC 5545 allows nowhere (all but HTAB, and CR and
//   LF, which become the escapes above), and unpaired surrogates become U+FFFD, as UTF-8 has no
//   form for them.

/** Control characters other than HTAB, CR and LF; DEL. */
import { withoutLoneSurrogates } from '@agora/contracts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LINE_BREAK = /\r\n|\r|\n/g;
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[\u0000-\u001f\u007f\\;,"^\ud800-\udfff]/;

function clean(value: string): string {
  return withoutLoneSurrogates(value.replace(CONTROL, ''));
}

/** A TEXT value. */
export function icsText(value: string): string {
  if (!NEEDS_WORK.test(value)) return value;
  return clean(value)
    .replace(/[\\;,]/g, '\\$&')
    .replace(LINE_BREAK, '\\n');
}

/** A parameter value, quoted. */
export function icsParam(value: string): string {
  if (!NEEDS_WORK.test(value)) return `"${value}"`;
  const escaped = clean(value).replace(/\^/g, '^^').replace(/"/g, "^'").replace(LINE_BREAK, '^n');
  return `"${escaped}"`;
}

/**
 * A value written as it is (URIs, dates, rules the server makes): it cannot end its line
 * either, should one ever hold what a request brought.
 */
export function icsRaw(value: string): string {
  return withoutLoneSurrogates(value.replace(LINE_BREAK, '').replace(CONTROL, ''));
}
