import type { ApiToken, ApiTokenFlagInfo } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { CopyField, Field, FormDialog, TextField } from '@leadmesh/ui';
import { Alert, Button, Checkbox, Modal, Spin } from 'antd';
import { useEffect, useLayoutEffect, useState } from 'react';
import { UserPicker } from '../../lib/pickers.tsx';
import { api, errorText } from '../../lib/screen.tsx';

/** The roles a token may be given, with their names for people (null while they load). */
export function useTokenFlags() {
  const [flags, setFlags] = useState<ApiTokenFlagInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api.call('/apiTokens/getAllAvailableFlags', {}).then((a) => {
      if (a.status === 'ok') setFlags(a.data);
      else setFailed(true);
    });
  }, []);
  const friendly = (name: string) => flags?.find((f) => f.name === name)?.friendlyName ?? name;
  return { flags, failed, friendly };
}

/** Add API token: a name, the user it acts for and its roles; the new token is shown once created. */
export function AddTokenDialog({
  open,
  flags,
  onClose,
  onCreated,
}: {
  open: boolean;
  flags: ApiTokenFlagInfo[] | null;
  onClose(): void;
  onCreated(token: string): void;
}) {
  const [name, setName] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [granted, setGranted] = useState<Record<string, boolean>>({});
  // Before the dialog's first frame: it never shows the last one's values.
  useLayoutEffect(() => {
    if (!open) return;
    setName('');
    setUserId(null);
    setGranted({});
  }, [open]);

  const submit = async () => {
    if (name.trim() === '') return MESSAGES.tokenNameEmpty;
    if (userId === null) return MESSAGES.tokenUserEmpty;
    const a = await api.call('/apiTokens/addApiToken', { Name: name.trim(), UserID: userId, Flags: granted });
    if (a.status !== 'ok') return a;
    onCreated(a.data.Token);
    return null;
  };

  return (
    <FormDialog
      open={open}
      title="Add API token"
      submitText="Create token"
      onSubmit={submit}
      onClose={onClose}
      errorMessage={MESSAGES.errorCreatingToken}
      testId="token-form"
    >
      <TextField label="Name" testId="token-name" value={name} onChange={setName} maxLength={100} />
      <Field label="Acts for user">
        <UserPicker value={userId} onChange={setUserId} testId="token-user" />
      </Field>
      <Field label="Roles">
        {!flags ? (
          <Spin size="small" />
        ) : (
          flags.map((f) => (
            <div key={f.name}>
              <Checkbox
                data-testid={`token-flag-${f.name}`}
                checked={!!granted[f.name]}
                onChange={(e) => setGranted({ ...granted, [f.name]: e.target.checked })}
              >
                {f.friendlyName}
              </Checkbox>
            </div>
          ))
        )}
      </Field>
    </FormDialog>
  );
}

/** The token just created, to copy. */
export function CreatedTokenDialog({ token, onClose }: { token: string | null; onClose(): void }) {
  return (
    <Modal
      open={token !== null}
      title="Token created"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p>Give this token to the user's server; it acts with the roles you chose.</p>
      <CopyField text={token ?? ''} what="Token" testId="token-created" />
    </Modal>
  );
}

/** View token: the secret of a stored token, fetched when the dialog opens. */
export function ViewTokenDialog({ viewing, onClose }: { viewing: ApiToken | null; onClose(): void }) {
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setToken(null);
    setError(null);
    if (!viewing) return;
    let live = true;
    void api.call('/apiTokens/getToken', { ID: viewing.ID }).then((a) => {
      if (!live) return;
      if (a.status === 'ok') setToken(a.data.Token);
      else setError(errorText(a, MESSAGES.errorFetchingToken));
    });
    return () => {
      live = false;
    };
  }, [viewing]);

  return (
    <Modal
      open={viewing !== null}
      title={`Token ${viewing?.Name ?? ''}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {error ? (
        <Alert type="error" title={error} />
      ) : token ? (
        <CopyField text={token} what="Token" testId="token-value" />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
