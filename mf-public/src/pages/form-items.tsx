import { MESSAGES } from '@leadmesh/schema/constants';
import { Form, Input } from 'antd';

/** A required e-mail address: the phone's e-mail keyboard, the browser's autofill, and the spec's message. */
export function EmailFormItem({ name, label, testId }: { name: string; label: string; testId: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, type: 'email', message: MESSAGES.correctEmail }]}
    >
      <Input inputMode="email" autoComplete="email" data-testid={testId} />
    </Form.Item>
  );
}
