import { crmForm, isTestCrm } from '@leadmesh/schema';
import { Space, Tag } from 'antd';

/** The "Test CRM" tag of a built-in test CRM (the Sandbox), so nobody takes its leads for a customer's. */
export function TestCrmTag({ type }: { type: string | null | undefined }) {
  return isTestCrm(type) ? (
    <Tag color="purple" data-testid="crm-test-tag" style={{ marginInlineEnd: 0 }}>
      Test CRM
    </Tag>
  ) : null;
}

/** A CRM type's name for people, tagged when it is a test CRM; '—' for none. */
export function CrmTypeName({ type }: { type: string | null | undefined }) {
  if (!type) return <>—</>;
  return (
    <Space size={4} wrap>
      <span data-testid="crm-type-name">{crmForm(type)?.label ?? type}</span>
      <TestCrmTag type={type} />
    </Space>
  );
}
