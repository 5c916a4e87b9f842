import { API_TOKEN_LIST, type ApiToken } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, ListTable, TagList, useList } from '@leadmesh/ui';
import { Alert, Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, listLoader } from '../../lib/screen.tsx';
import { AddTokenDialog, CreatedTokenDialog, useTokenFlags, ViewTokenDialog } from './token-dialogs.tsx';

/** The roles a token has, by their names for people. */
function TokenRoles({
  granted,
  friendly,
}: {
  granted: Record<string, boolean>;
  friendly(name: string): string;
}) {
  const on = Object.entries(granted).filter(([, v]) => v);
  return on.length ? (
    <TagList>
      {on.map(([n]) => (
        <Tag key={n}>{friendly(n)}</Tag>
      ))}
    </TagList>
  ) : (
    <Typography.Text type="secondary">None</Typography.Text>
  );
}

function RemoveTokenDialog({
  token,
  onDone,
  onClose,
}: {
  token: ApiToken | null;
  onDone(token: ApiToken): void;
  onClose(): void;
}) {
  return (
    <ConfirmDialog
      open={token !== null}
      title={`Remove token ${token?.Name ?? ''}?`}
      confirmText="Remove token"
      errorMessage={MESSAGES.errorRemovingToken}
      doneText={`Token ${token?.Name ?? ''} removed`}
      onConfirm={() => api.call('/apiTokens/removeApiToken', { ID: token?.ID as number })}
      onDone={() => token && onDone(token)}
      onClose={onClose}
    >
      Servers using <strong>{token?.Name}</strong> are refused from now on.
    </ConfirmDialog>
  );
}

/** admin-apitokens (public §2): tokens for server-to-server lead intake. */
export function ApiTokens(_: { path: string }) {
  const navigate = useNavigate();
  const controller = useList<ApiToken>(listLoader('/apiTokens/getAllApiTokens'));
  const { flags, failed: flagsError, friendly } = useTokenFlags();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [viewing, setViewing] = useState<ApiToken | null>(null);
  const [removing, setRemoving] = useState<ApiToken | null>(null);

  return (
    <>
      {flagsError && <Alert type="error" title={MESSAGES.errorFetchingFlags} style={{ marginBottom: 8 }} />}
      <ListTable<ApiToken>
        controller={controller}
        list={API_TOKEN_LIST}
        errorMessage={MESSAGES.errorFetchingTokens}
        toolbar={
          <Button type="primary" data-testid="token-add" onClick={() => setAdding(true)}>
            Add token
          </Button>
        }
        rowActions={(t) => [
          { key: 'view', label: 'View token', onClick: () => setViewing(t) },
          {
            key: 'account',
            label: 'Go to account',
            onClick: () => navigate(`/dashboard/admin-users?ID=${t.UserID}`),
          },
          { key: 'remove', label: 'Remove token', danger: true, onClick: () => setRemoving(t) },
        ]}
        columns={[
          { field: 'Name', render: (v: string) => <strong>{v}</strong> },
          { field: 'ID' },
          { field: 'createdAt' },
          {
            title: 'Roles',
            dataIndex: 'Flags',
            phone: true,
            render: (f: Record<string, boolean>) => <TokenRoles granted={f} friendly={friendly} />,
          },
        ]}
      />
      <AddTokenDialog
        open={adding}
        flags={flags}
        onClose={() => setAdding(false)}
        onCreated={(token) => {
          setCreated(token);
          controller.list.reload();
        }}
      />
      <CreatedTokenDialog token={created} onClose={() => setCreated(null)} />
      <ViewTokenDialog viewing={viewing} onClose={() => setViewing(null)} />
      <RemoveTokenDialog
        token={removing}
        onDone={(t) => controller.list.removeRow((r) => r.ID === t.ID)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
