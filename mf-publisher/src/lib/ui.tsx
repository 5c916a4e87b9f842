import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';

/**
 * The frame of a screen: one card with a short heading line (the page title itself is the shell's
 * header) and actions on the right, which wrap under it on a phone.
 */
export function Panel({
  title,
  extra,
  children,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card
      data-testid={testId}
      title={title}
      extra={extra}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
      style={{ marginBottom: 16 }}
    >
      {children}
    </Card>
  );
}

/**
 * A form's refusal, above its submit button: nothing while there is none. `onClose` makes it
 * closable, for a form that stays open after the refusal.
 */
export function FormErrorAlert({
  message,
  testId,
  onClose,
}: {
  message: string | null;
  testId: string;
  onClose?(): void;
}) {
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable={onClose !== undefined}
      onClose={onClose}
      data-testid={testId}
      title={message}
      style={{ marginBottom: 16 }}
    />
  );
}
