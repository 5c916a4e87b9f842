import { Checkbox } from 'antd';

/** The "Count as referral" box of a credit top-up (Add balance, Mark invoice paid); the screen keeps its value. */
export function ReferralCheckbox({
  checked,
  onChange,
  testId,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  testId: string;
}) {
  return (
    <Checkbox data-testid={testId} checked={checked} onChange={(e) => onChange(e.target.checked)}>
      Count as referral
    </Checkbox>
  );
}
