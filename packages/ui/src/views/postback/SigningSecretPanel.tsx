import { api } from '@leadmesh/api-client';
import type { Envelope } from '@leadmesh/schema';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { CopyField } from '../../CopyField.tsx';
import { formatDateTimeUtc } from '../../format.ts';

/** A moment with its time: the overlap of a rotation ends 24 hours after it began. */
const when = formatDateTimeUtc;

interface SecretInfo {
  exists: boolean;
  createdAt: string | null;
  previousValidUntil: string | null;
}

type Shown = { secret: string; previousValidUntil: string | null };

const fail = { status: 'error' as const, data: 'SERVER_ERROR' as const };

/** A secret just made: shown this once, with a copy button. */
function ShownSecret({ shown }: { shown: Shown }) {
  return (
    <Alert
      type="success"
      showIcon
      data-testid="secret-shown"
      style={{ marginBottom: 12 }}
      title="Your new signing secret. Copy it now: it is shown only this once."
      description={
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <CopyField text={shown.secret} what="Signing secret" testId="secret-value" />
          {shown.previousValidUntil && (
            <span>The previous secret keeps signing too until {when(shown.previousValidUntil)}.</span>
          )}
        </Space>
      }
    />
  );
}

/**
 * The postback signing secret (issue 16 item 4): when it was made, a rotation's overlap, and the
 * new secret shown once, right after it is created or rotated, with a copy button. A rotation asks
 * first: the old secret keeps signing beside the new one for 24 hours.
 */
export function SigningSecretPanel() {
  const [info, setInfo] = useState<SecretInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [asking, setAsking] = useState(false);
  const [creating, setCreating] = useState(false);

  const load = useCallback(async () => {
    const answer = await api.call('/postback/getSigningSecretInfo').catch(() => fail);
    setFailed(answer.status !== 'ok');
    if (answer.status === 'ok') setInfo(answer.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const rotate = async (): Promise<Envelope<unknown>> => {
    const answer = await api.call('/postback/rotateSigningSecret').catch(() => fail);
    if (answer.status === 'ok') setShown(answer.data);
    return answer;
  };
  const create = async () => {
    setCreating(true);
    await rotate();
    setCreating(false);
    void load();
  };

  return (
    <Card size="small" title="Signing secret" data-testid="secret-panel">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Every postback carries Standard Webhooks signature headers (webhook-id, webhook-timestamp,
        webhook-signature) made with this secret, so your server can check it came from us unchanged.
      </Typography.Paragraph>
      {failed && <Alert type="error" showIcon title="The secret's details could not be loaded." />}
      {shown && <ShownSecret shown={shown} />}
      {info && (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <span data-testid="secret-state">
            {info.exists && info.createdAt
              ? `Current secret made ${when(info.createdAt)}.`
              : 'No signing secret yet: create one to check signatures.'}
            {info.previousValidUntil &&
              ` The previous one also signs until ${when(info.previousValidUntil)}.`}
          </span>
          {info.exists ? (
            <Button data-testid="secret-rotate" onClick={() => setAsking(true)}>
              Rotate secret
            </Button>
          ) : (
            <Button
              type="primary"
              data-testid="secret-create"
              loading={creating}
              onClick={() => void create()}
            >
              Create signing secret
            </Button>
          )}
        </Space>
      )}
      <ConfirmDialog
        open={asking}
        title="Rotate the signing secret?"
        confirmText="Rotate"
        errorMessage="The secret could not be rotated. Try again later."
        onConfirm={rotate}
        onDone={() => void load()}
        onClose={() => setAsking(false)}
      >
        A new secret is made and shown to you once. For 24 hours your postbacks carry two signatures, one with
        the new secret and one with the current one, so you can update your server meanwhile.
      </ConfirmDialog>
    </Card>
  );
}
