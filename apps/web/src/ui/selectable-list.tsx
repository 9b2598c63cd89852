import { Checkbox, Group, Paper, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export type SelectableColumn<T> = { key: string; header: string; cell: (item: T) => ReactNode };

export type SelectableListProps<T extends { id: string }> = {
  items: T[];
  selected: Set<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  /** The label of the checkbox that selects the whole page. */
  selectAllLabel: string;
  /** The accessible name of one item's checkbox ("Select Lena Schmidt"). */
  selectLabel: (item: T) => string;
  /** The table's columns, after the checkbox. */
  columns: SelectableColumn<T>[];
  /** One item as a card on phones, where the table's last columns would lie beyond the screen's edge. */
  card: (item: T) => ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  testId?: string;
};

/**
 * A page of items with a checkbox each and one for the whole page, for the batch actions above
 * it: a table, on phones a list of cards.
 */
export function SelectableList<T extends { id: string }>(props: SelectableListProps<T>) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { items, selected } = props;
  const all = items.length > 0 && items.every((item) => selected.has(item.id));
  const some = items.some((item) => selected.has(item.id));
  const pageCheckbox = (label: 'label' | 'aria-label') => (
    <Checkbox
      {...{ [label]: props.selectAllLabel }}
      checked={all}
      indeterminate={some && !all}
      onChange={(event) => props.onToggleAll(event.currentTarget.checked)}
    />
  );
  const itemCheckbox = (item: T, mt?: number) => (
    <Checkbox
      mt={mt}
      aria-label={props.selectLabel(item)}
      checked={selected.has(item.id)}
      onChange={(event) => props.onToggle(item.id, event.currentTarget.checked)}
    />
  );

  if (phone) {
    return (
      <Stack gap="xs">
        {pageCheckbox('label')}
        {items.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="xs" data-testid={props.testId}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {itemCheckbox(item, 2)}
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                {props.card(item)}
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>{pageCheckbox('aria-label')}</Table.Th>
            {props.columns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={props.testId}>
              <Table.Td>{itemCheckbox(item)}</Table.Td>
              {props.columns.map((column) => (
                <Table.Td key={column.key}>{column.cell(item)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
