import { API_TOKEN_LIST, type ApiToken, type ApiTokenFlagInfo } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import {
  ConfirmDialog,
  CopyField,
  Field,
  FormDialog,
  ListTable,
  RowActions,
  TagList,
  useList,
} from '@leadmesh/ui';
import { Alert, Button, Checkbox, Input, Modal, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { UserPicker } from '../../lib/pickers.tsx';
import { api, errorText, listLoader } from '../../lib/screen.tsx';

/** admin-apitokens (public §2): tokens for server-to-server lead intake. */
export function ApiTokens(_: { path: string }) {
  const navigate = useNavigate();
  const controller = useList<ApiToken>(listLoader('/apiTokens/getAllApiTokens'));
  const [flags, setFlags] = useState<ApiTokenFlagInfo[] | null>(null);
  const [flagsError, setFlagsError] = useState(false);
  useEffect(() => {
    void api.call('/apiTokens/getAllAvailableFlags', {}).then((a) => {
      if (a.status === 'ok') setFlags(a.data);
      else setFlagsError(true);
    });
  }, []);
  const friendly = (name: string) => flags?.find((f) => f.name === name)?.friendlyName ?? name;

  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [granted, setGranted] = useState<Record<string, boolean>>({});
  const [created, setCreated] = useState<string | null>(null);
  const [viewing, setViewing] = useState<ApiToken | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ApiToken | null>(null);

  const submitAdd = async () => {
    if (name.trim() === '') return MESSAGES.tokenNameEmpty;
    if (userId === null) return MESSAGES.tokenUserEmpty;
    const a = await api.call('/apiTokens/addApiToken', { Name: name.trim(), UserID: userId, Flags: granted });
    if (a.status !== 'ok') return a;
    setCreated(a.data.Token);
    controller.list.reload();
    return null;
  };

  const view = async (t: ApiToken) => {
    setViewing(t);
    setToken(null);
    setTokenError(null);
    const a = await api.call('/apiTokens/getToken', { ID: t.ID });
    if (a.status === 'ok') setToken(a.data.Token);
    else setTokenError(errorText(a, MESSAGES.errorFetchingToken));
  };

  return (
    <>
      {flagsError && <Alert type="error" title={MESSAGES.errorFetchingFlags} style={{ marginBottom: 8 }} />}
      <ListTable<ApiToken>
        controller={controller}
        rowKey="ID"
        list={API_TOKEN_LIST}
        errorMessage={MESSAGES.errorFetchingTokens}
        toolbar={
          <Button
            type="primary"
            data-testid="token-add"
            onClick={() => {
              setName('');
              setUserId(null);
              setGranted({});
              setAdding(true);
            }}
          >
            Add token
          </Button>
        }
        columns={[
          { field: 'Name', render: (v: string) => <strong>{v}</strong> },
          { field: 'ID' },
          { field: 'createdAt' },
          {
            title: 'Roles',
            dataIndex: 'Flags',
            phone: true,
            render: (f: Record<string, boolean>) => {
              const on = Object.entries(f).filter(([, v]) => v);
              return on.length ? (
                <TagList>
                  {on.map(([n]) => (
                    <Tag key={n}>{friendly(n)}</Tag>
                  ))}
                </TagList>
              ) : (
                <Typography.Text type="secondary">None</Typography.Text>
              );
            },
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, t) => (
              <RowActions
                actions={[
                  { key: 'view', label: 'View token', onClick: () => void view(t) },
                  {
                    key: 'account',
                    label: 'Go to account',
                    onClick: () => navigate(`/dashboard/admin-users?ID=${t.UserID}`),
                  },
                  { key: 'remove', label: 'Remove token', danger: true, onClick: () => setRemoving(t) },
                ]}
              />
            ),
          },
        ]}
      />
      <FormDialog
        open={adding}
        title="Add API token"
        submitText="Create token"
        onSubmit={submitAdd}
        onClose={() => setAdding(false)}
        errorMessage={MESSAGES.errorCreatingToken}
        testId="token-form"
      >
        <Field label="Name">
          <Input
            data-testid="token-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
          />
        </Field>
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
      <Modal
        open={created !== null}
        title="Token created"
        onCancel={() => setCreated(null)}
        footer={<Button onClick={() => setCreated(null)}>Close</Button>}
      >
        <p>Give this token to the user's server; it acts with the roles you chose.</p>
        <CopyField text={created ?? ''} what="Token" testId="token-created" />
      </Modal>
      <Modal
        open={viewing !== null}
        title={`Token ${viewing?.Name ?? ''}`}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>Close</Button>}
      >
        {tokenError ? (
          <Alert type="error" title={tokenError} />
        ) : token ? (
          <CopyField text={token} what="Token" testId="token-value" />
        ) : (
          <Spin />
        )}
      </Modal>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove token ${removing?.Name ?? ''}?`}
        confirmText="Remove token"
        errorMessage={MESSAGES.errorRemovingToken}
        doneText={`Token ${removing?.Name ?? ''} removed`}
        onConfirm={() => api.call('/apiTokens/removeApiToken', { ID: removing?.ID as number })}
        onDone={() => removing && controller.list.removeRow((r) => r.ID === removing.ID)}
        onClose={() => setRemoving(null)}
      >
        Servers using <strong>{removing?.Name}</strong> are refused from now on.
      </ConfirmDialog>
    </>
  );
}
