// RFC 5545 3.1 line folding: lines longer than 75 octets continue on the next line after a
// space, never inside a UTF-8 character. One pass per line, without encoding each character.

const NON_ASCII = /[\u0080-\uffff]/;
const LIMIT = 75;

export function foldLines(text: string): string {
  const lines = text.split('\r\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > LIMIT || (line.length * 3 > LIMIT && NON_ASCII.test(line))) lines[i] = foldLine(line);
  }
  return lines.join('\r\n');
}

function foldLine(line: string): string {
  if (!NON_ASCII.test(line)) {
    if (line.length <= LIMIT) return line;
    const parts = [line.slice(0, LIMIT)];
    // Continuation lines begin with the space, which counts towards their 75 octets.
    for (let at = LIMIT; at < line.length; at += LIMIT - 1) parts.push(line.slice(at, at + LIMIT - 1));
    return parts.join('\r\n ');
  }
  let result = '';
  let start = 0;
  let octets = 0;
  let limit = LIMIT;
  for (let i = 0; i < line.length;) {
    const code = line.codePointAt(i)!;
    const units = code > 0xffff ? 2 : 1;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (octets + size > limit) {
      // Never inside a character: its UTF-8 octets stay on one line.
      result += line.slice(start, i) + '\r\n ';
      start = i;
      octets = 0;
      limit = LIMIT - 1;
    }
    octets += size;
    i += units;
  }
  return result + line.slice(start);
}
