import { api } from '@leadmesh/api-client';
import { isEmailAddress, MESSAGES, type User } from '@leadmesh/schema';
import { useFeedback } from '@leadmesh/ui';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { FormErrorAlert } from '../../lib/ui.tsx';

/** The one field of each step: the new address, then the code mailed to it. */
const ADDRESS_FIELD = {
  label: 'New e-mail',
  input: { 'data-testid': 'email-new', type: 'email', autoComplete: 'email' },
} as const;
const CODE_FIELD = {
  label: 'Code from the mail',
  input: { 'data-testid': 'email-code', inputMode: 'numeric', autoComplete: 'one-time-code' },
} as const;

/**
 * Changing the own e-mail (decision 0030): a code goes to the new address and the account keeps its
 * current one until the code comes back; the old address is told once it changed.
 */
export function ChangeEmail({ user, onChanged }: { user: User; onChanged(user: User): void }) {
  const [pending, setPending] = useState<string | null>(user.PendingEmail ?? null);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  const ask = async () => {
    const next = address.trim();
    if (!isEmailAddress(next)) return setError(MESSAGES.correctEmail);
    setBusy(true);
    const answer = await api.call('/users/editUser', { id: user.ID, newEmail: next });
    setBusy(false);
    if (answer.status !== 'ok') return setError(failureText(answer, MESSAGES.errorEditingUser));
    setError(null);
    const to = answer.data.PendingEmail ?? next;
    feedback.done(`Code sent to ${to}`);
    setPending(to);
  };
  const confirm = async () => {
    setBusy(true);
    const answer = await api.call('/users/confirmEmailChange', { Code: code.trim() });
    setBusy(false);
    if (answer.status !== 'ok') return setError(failureText(answer, MESSAGES.errorEditingUser));
    onChanged(answer.data);
  };

  const field = pending ? CODE_FIELD : ADDRESS_FIELD;
  return (
    <div data-testid="profile-email" style={{ maxWidth: 640 }}>
      <Typography.Paragraph>
        Your e-mail is <strong>{user.Email}</strong>. It receives password reset codes and notices.
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={() => void (pending ? confirm() : ask())}>
        {pending && (
          <Alert
            type="info"
            showIcon
            data-testid="email-code-sent"
            style={{ marginBottom: 16 }}
            title={`We sent a code to ${pending}`}
            description="Enter it below within 15 minutes. Until then your account keeps its current e-mail."
          />
        )}
        <Form.Item label={field.label}>
          <Input
            key={field.input['data-testid']}
            {...field.input}
            value={pending ? code : address}
            onChange={(e) => {
              (pending ? setCode : setAddress)(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
        <FormErrorAlert message={error} testId="profile-error" />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-email-submit">
          {pending ? 'Confirm new e-mail' : 'Send code to the new e-mail'}
        </Button>
        {pending && (
          <Button type="link" onClick={() => setPending(null)} data-testid="email-another">
            Use another address
          </Button>
        )}
      </Form>
    </div>
  );
}
