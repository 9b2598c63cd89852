import { Anchor, Text, type TextProps } from '@mantine/core';
import { textParts } from './linkify.ts';

/** A message's plain text: line breaks kept, web addresses clickable, everything else escaped. */
export function MessageText({ text, ...props }: { text: string } & TextProps) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {textParts(text).map((part, index) =>
        part.type === 'link' ? (
          <Anchor
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            inherit
            underline="always"
            // Readable on the blue of own messages too.
            c="blue.9"
          >
            {part.value}
          </Anchor>
        ) : (
          part.value
        ),
      )}
    </Text>
  );
}
