import { Segmented } from 'antd';

/** A Yes/No toggle for a boolean. */
export function YesNo({
  value,
  onChange,
  disabled,
}: {
  value: boolean | null | undefined;
  onChange(value: boolean): void;
  disabled?: boolean;
}) {
  return (
    <Segmented<'Yes' | 'No'>
      data-testid="yes-no"
      disabled={disabled}
      options={['Yes', 'No']}
      value={value ? 'Yes' : 'No'}
      onChange={(next) => onChange(next === 'Yes')}
    />
  );
}
