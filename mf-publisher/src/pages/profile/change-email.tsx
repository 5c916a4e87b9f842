import { api } from '@leadmesh/api-client';
import { isEmailAddress, MESSAGES, type User } from '@leadmesh/schema';
import { useFeedback } from '@leadmesh/ui';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { failureText } from '../../lib/answers.ts';

/**
 * Changing the own e-mail (decision 0030): a code goes to the new address and the account keeps its
 * current one until the code comes back; the old address is told once it changed.
 *
 * Long because it is one form in two steps (the new address, then its code) sharing their state.
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

  return (
    <div data-testid="profile-email" style={{ maxWidth: 640 }}>
      <Typography.Paragraph>
        Your e-mail is <strong>{user.Email}</strong>. It receives password reset codes and notices.
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={() => void (pending ? confirm() : ask())}>
        {pending ? (
          <>
            <Alert
              type="info"
              showIcon
              data-testid="email-code-sent"
              style={{ marginBottom: 16 }}
              title={`We sent a code to ${pending}`}
              description="Enter it below within 15 minutes. Until then your account keeps its current e-mail."
            />
            <Form.Item label="Code from the mail">
              <Input
                data-testid="email-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setError(null);
                }}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item label="New e-mail">
            <Input
              data-testid="email-new"
              type="email"
              autoComplete="email"
              value={address}
              onChange={(e) => {
                setAddress(e.target.value);
                setError(null);
              }}
            />
          </Form.Item>
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            data-testid="profile-error"
            title={error}
            style={{ marginBottom: 16 }}
          />
        )}
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
