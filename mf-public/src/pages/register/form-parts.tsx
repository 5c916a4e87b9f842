import { Col, Form } from 'antd';
import type { ReactNode } from 'react';
import type { useFieldError } from './use-field-error.tsx';

/** The sign-up forms' one-error-at-a-time state (`useFieldError`). */
type FieldErrors = ReturnType<typeof useFieldError>;

/**
 * One field of a sign-up form's grid: a column (full width on a phone, `span` of 24 from a tablet
 * up) holding a labelled `Form.Item` that shows the field's error while it is on.
 *
 * Bind it to the form's values so the names are checked: `const Field = FormField<UserDetails>;`
 */
export function FormField<Values>({
  name,
  label,
  errors,
  span = 12,
  children,
}: {
  name: keyof Values & string;
  label: string;
  errors: FieldErrors;
  span?: number;
  children: ReactNode;
}) {
  // antd cannot resolve its name-path type for a still-generic Values; `name` is checked by its own type.
  const path: string = name;
  return (
    <Col xs={24} md={span}>
      <Form.Item name={path} label={label} {...errors.itemProps(path)}>
        {children}
      </Form.Item>
    </Col>
  );
}

/** The error that belongs to the whole form rather than one field (`field: 'form'`), as an alert. */
export function FormError({ errors }: { errors: FieldErrors }) {
  if (errors.error?.field !== 'form') return null;
  return (
    <div
      role="alert"
      className="ant-form-item-explain-error"
      data-testid="error-form"
      style={{ marginBottom: 16 }}
    >
      {errors.error.message}
    </div>
  );
}
