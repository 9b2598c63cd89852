import { Badge } from '@mantine/core';

/** A role as members see it: its name on its colour. */
export function RoleBadge({ name, color, textColor }: { name: string; color: string; textColor: string | null }) {
  return (
    <Badge
      radius="sm"
      size="lg"
      tt="none"
      fw={600}
      color={color}
      autoContrast={!textColor}
      styles={{ root: { maxWidth: '100%', height: 'auto', minHeight: 26 }, label: { whiteSpace: 'normal' } }}
      style={textColor ? { color: textColor } : undefined}
    >
      {name}
    </Badge>
  );
}
