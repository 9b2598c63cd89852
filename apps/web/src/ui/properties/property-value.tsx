import { Anchor, Image, Stack, Text } from '@mantine/core';
import {
  imageUrl,
  propertyDisplayValue,
  propertyValuePresent,
  type AddressValue,
  type Property,
} from '@agora/contracts';
import { formatDate } from '../date-format.ts';

export type PropertyValueProps = { property: Property; value: unknown };

/** An address as the lines of a letter: street and number, zip and city, state, country. */
export function addressLines(address: AddressValue): string[] {
  return [
    [address.street, address.number].filter(Boolean).join(' '),
    [address.zip, address.city].filter(Boolean).join(' '),
    address.state ?? '',
    address.country ?? '',
  ].filter((line) => line.trim() !== '');
}

/**
 * One property's value as the profile shows it: url and e-mail as links, an image as a
 * thumbnail, a file as its download link, an address in lines, a date as dd.MM.y, a
 * selection by its options' labels. Nothing for an empty value.
 */
export function PropertyValue({ property, value }: PropertyValueProps) {
  if (!propertyValuePresent(value)) return null;
  switch (property.type) {
    case 'url': {
      const href = String(value);
      // Only web addresses become links: a stored value is never trusted to be one.
      if (!/^https?:\/\//i.test(href)) return <Text span>{href}</Text>;
      return (
        <Anchor href={href} target="_blank" rel="noopener noreferrer">
          {href}
        </Anchor>
      );
    }
    case 'email':
      return <Anchor href={`mailto:${String(value)}`}>{String(value)}</Anchor>;
    case 'date':
      return <Text span>{formatDate(String(value))}</Text>;
    case 'image': {
      const image = value as { id: string; name?: string };
      return (
        <Anchor href={imageUrl(image.id, '1920x1200')} target="_blank" rel="noopener noreferrer">
          <Image src={imageUrl(image.id, '200x200')} alt={property.label} w={100} h={100} radius="sm" fit="cover" />
        </Anchor>
      );
    }
    case 'file': {
      const file = value as { id: string; name?: string };
      const name = file.name ?? file.id;
      return (
        <Anchor
          href={`/api/storage/files/${encodeURIComponent(file.id)}/get/${encodeURIComponent(name)}?download=true`}
        >
          {name}
        </Anchor>
      );
    }
    case 'address':
      return (
        <Stack gap={0}>
          {addressLines(value as AddressValue).map((line, index) => (
            <Text key={index} span display="block">
              {line}
            </Text>
          ))}
        </Stack>
      );
    default:
      return (
        <Text span style={{ whiteSpace: property.type === 'multiline_text' ? 'pre-line' : undefined }}>
          {propertyDisplayValue(property, value)}
        </Text>
      );
  }
}
