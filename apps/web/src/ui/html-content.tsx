import { Typography } from '@mantine/core';

/** HTML the server sanitized when it was stored (imprint, legal texts). */
export function HtmlContent({ html }: { html: string }) {
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
