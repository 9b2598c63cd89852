import { translator } from '../i18n/index.ts';

/** What a mail template gives, already in the recipient's language; plain text throughout. */
export type MailContent = {
  subject: string;
  /** Paragraphs before the action. */
  paragraphs: string[];
  /** A link the mail is about, shown as a button (and as a bare address in the text part). */
  action?: { label: string; url: string };
  /** Paragraphs after the action. */
  closing?: string[];
};

export type MailContext = {
  locale: string;
  /** Shown as the mail's heading. */
  networkName?: string;
  /** The network's mail imprint (plain text, may span lines), the footer of every mail. */
  imprint: string;
};

export type RenderedMail = { subject: string; html: string; text: string };

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The one layout of every mail: the same content as HTML and as plain text, the imprint as footer. */
export function renderMail(content: MailContent, context: MailContext): RenderedMail {
  return { subject: content.subject, html: html(content, context), text: text(content, context) };
}

/** The language tag of a member's locale (de_DU is German, addressed informally). */
export function languageTag(locale: string): string {
  return locale.split('_')[0] || 'de';
}

function text(content: MailContent, context: MailContext): string {
  const parts = [...content.paragraphs];
  if (content.action) parts.push(`${content.action.label}:\n${content.action.url}`);
  parts.push(...(content.closing ?? []));
  const body = parts.join('\n\n');
  const imprint = context.imprint.trim();
  // "-- " on a line of its own is where mail programs see the signature begin.
  return imprint ? `${body}\n\n-- \n${imprint}\n` : `${body}\n`;
}

function html(content: MailContent, context: MailContext): string {
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${lines(p)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${attr(content.action.url)}" style="display:inline-block;padding:10px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:600">${escape(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#495057">${escape(hint(context.locale))}<br><a href="${attr(content.action.url)}" style="color:#1c7ed6;word-break:break-all">${escape(content.action.url)}</a></p>`
    : '';
  const heading = context.networkName
    ? `<tr><td style="padding:24px 32px 0;${FONT};font-size:18px;font-weight:600;color:#212529">${escape(context.networkName)}</td></tr>`
    : '';
  const imprint = context.imprint.trim()
    ? `<tr><td style="padding:16px 32px;${FONT};font-size:12px;line-height:1.5;color:#868e96">${lines(context.imprint.trim())}</td></tr>`
    : '';
  return `<!doctype html>
<html lang="${attr(languageTag(context.locale))}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
${heading}
<tr><td style="padding:16px 32px 8px;${FONT};font-size:15px;line-height:1.6;color:#212529">
${content.paragraphs.map(paragraph).join('\n')}
${action}
${(content.closing ?? []).map(paragraph).join('\n')}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
${imprint}
</table>
</td></tr></table>
</body>
</html>
`;
}

/** Below the button: where to go without it (English for a language we do not speak). */
function hint(locale: string): string {
  return translator(locale)('mail:link_hint');
}

function lines(value: string): string {
  return escape(value).replace(/\r?\n/g, '<br>');
}

function escape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const attr = escape;
