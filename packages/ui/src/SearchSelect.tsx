import { Select, type SelectProps } from 'antd';

export interface SearchSelectOption {
  value: string | number;
  label: string;
}

/** The height of the open list (px). */
export const SEARCH_SELECT_LIST_HEIGHT = 200;

/** A select whose options are searched by their label, with a 200 px list. */
export function SearchSelect(
  props: Omit<SelectProps<string | number, SearchSelectOption>, 'showSearch' | 'filterOption' | 'listHeight'>,
) {
  return (
    <Select<string | number, SearchSelectOption>
      {...props}
      showSearch
      listHeight={SEARCH_SELECT_LIST_HEIGHT}
      optionFilterProp="label"
      filterOption={(input, option) => (option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
    />
  );
}
