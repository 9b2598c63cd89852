import { Container, type ContainerProps } from '@mantine/core';
import { useActiveTheme } from '../theme/theme-store.ts';

/** A page's content column; a design with full width lets it span the window. */
export function PageContainer({ size = 'lg', ...props }: ContainerProps) {
  const theme = useActiveTheme();
  return <Container size={size} fluid={theme?.fullWidth ?? false} py="md" px={{ base: 'sm', sm: 'md' }} {...props} />;
}
