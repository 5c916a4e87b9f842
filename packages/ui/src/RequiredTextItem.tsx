import { Form, type FormItemProps, type FormRule } from 'antd';

/** The rule of a text a form cannot do without: nothing, or only spaces, is refused with `message`. */
export function requiredTextRule(message?: string): FormRule {
  return { required: true, whitespace: true, message };
}

/**
 * A form item whose text input (the child) must be filled: nothing, or only spaces, is refused with
 * `missing`. The rest goes to the item.
 *
 * @example <RequiredTextItem label="Name" name="postbackName" missing={MESSAGES.postbackNameMissing}><Input /></RequiredTextItem>
 */
export function RequiredTextItem({ missing, ...item }: Omit<FormItemProps, 'rules'> & { missing: string }) {
  return <Form.Item {...item} rules={[requiredTextRule(missing)]} />;
}
