import { Badge } from '@mantine/core';

/** The relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on the colour (a role without a text colour of its own). */
export function readableOn(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return '#000000';
  const l = luminance(color);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** A role as members see it: its name on its colour. */
export function RoleBadge({ name, color, textColor }: { name: string; color: string; textColor: string | null }) {
  return (
    <Badge
      radius="sm"
      size="lg"
      tt="none"
      fw={600}
      color={color}
      styles={{
        root: { maxWidth: '100%', height: 'auto', minHeight: 26, color: textColor || readableOn(color) },
        label: { whiteSpace: 'normal', overflowWrap: 'break-word', wordBreak: 'normal' },
      }}
    >
      {name}
    </Badge>
  );
}
