import { api } from '@leadmesh/api-client';
import { checkDomainName, DOMAIN_LIST, type Domain, storedDomainHost } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, type ListColumn, ListTable, RowActions, useList } from '@leadmesh/ui';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { Panel } from '../../lib/ui.tsx';

type Notice = { type: 'success' | 'error'; text: string } | null;

/**
 * Domains (dashboards §2): the publisher's own domains. Add domain opens a panel; each row has
 * Edit (new name, Confirm / Cancel) and Delete (with confirmation). A domain is typed without
 * http:// and must contain a dot ('Please write your domain correctly 2', §5).
 */
export function DomainsScreen() {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; error?: string } | null>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const controller = useList<Domain>(({ offset, filters }) =>
    api.call('/domains/getDomainsForUser', {
      paginationOffset: offset,
      Filters: filters,
      showInternal: false,
    }),
  );
  const reload = controller.list.reload;

  const add = async () => {
    const check = checkDomainName(name, 'publisherAdd');
    if (!check.ok) {
      setNotice({ type: 'error', text: check.message });
      return;
    }
    setBusy(true);
    const answer = await api.call('/domains/addDomain', { DomainName: name.trim() });
    setBusy(false);
    if (answer.status === 'ok') {
      setNotice({ type: 'success', text: MESSAGES.domainAdded });
      setName('');
      reload();
    } else {
      setNotice({
        type: 'error',
        text: failureText(answer, answer.details?.message ?? MESSAGES.domainAddFailed),
      });
    }
  };

  const saveEdit = async () => {
    if (!editing) return;
    const check = checkDomainName(editing.name, 'edit');
    if (!check.ok) {
      setEditing({ ...editing, error: check.message });
      return;
    }
    const answer = await api.call('/domains/editDomain', { ID: editing.id, DomainName: editing.name.trim() });
    if (answer.status === 'ok') {
      setEditing(null);
      reload();
    } else {
      setEditing({
        ...editing,
        error: failureText(answer, answer.details?.message ?? MESSAGES.failedEditDomain),
      });
    }
  };

  const columns: ListColumn<Domain>[] = [
    {
      title: 'Domain name',
      dataIndex: 'DomainName',
      render: (value: string, row) =>
        editing?.id === row.ID ? (
          <div data-testid="domain-edit">
            <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
              <Input
                aria-label="New domain name"
                data-testid="domain-edit-input"
                value={editing.name}
                status={editing.error ? 'error' : undefined}
                onChange={(e) => setEditing({ ...editing, name: e.target.value, error: undefined })}
                onPressEnter={() => void saveEdit()}
              />
            </Space.Compact>
            {editing.error && (
              <Typography.Text type="danger" data-testid="domain-edit-error" style={{ display: 'block' }}>
                {editing.error}
              </Typography.Text>
            )}
          </div>
        ) : (
          <Typography.Text data-testid="domain-name" style={{ overflowWrap: 'anywhere' }}>
            {storedDomainHost(value)}
          </Typography.Text>
        ),
    },
    {
      key: 'actions',
      render: (_, row) =>
        editing?.id === row.ID ? (
          <Space style={{ justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
            <Button
              type="primary"
              size="small"
              data-testid="domain-edit-confirm"
              onClick={() => void saveEdit()}
            >
              Confirm
            </Button>
            <Button size="small" data-testid="domain-edit-cancel" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </Space>
        ) : (
          <RowActions
            actions={[
              {
                key: 'edit',
                testId: 'domain-edit-open',
                label: 'Edit',
                onClick: () => setEditing({ id: row.ID, name: storedDomainHost(row.DomainName) }),
              },
              {
                key: 'delete',
                testId: 'domain-delete',
                label: 'Delete',
                danger: true,
                onClick: () => setDeleting(row),
              },
            ]}
          />
        ),
    },
  ];

  return (
    <Panel
      title="Your domains"
      testId="domains-panel"
      extra={
        <Button
          type={adding ? 'default' : 'primary'}
          data-testid="domain-add-toggle"
          onClick={() => {
            setAdding((open) => !open);
            setNotice(null);
          }}
        >
          {adding ? 'Close' : 'Add domain'}
        </Button>
      }
    >
      {adding && (
        <div data-testid="domain-add-panel" style={{ marginBottom: 16, maxWidth: 560 }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Type the host only, without http:// (for example shop.example.com).
          </Typography.Paragraph>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="Domain name"
              placeholder="example.com"
              data-testid="domain-add-input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={() => void add()}
            />
            <Button type="primary" loading={busy} data-testid="domain-add-submit" onClick={() => void add()}>
              Add
            </Button>
          </Space.Compact>
        </div>
      )}
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          closable
          onClose={() => setNotice(null)}
          data-testid={notice.type === 'success' ? 'domain-add-success' : 'domain-add-error'}
          title={notice.text}
          style={{ marginBottom: 16 }}
        />
      )}
      <ListTable<Domain> controller={controller} columns={columns} rowKey="ID" list={DOMAIN_LIST} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete domain"
        confirmText="Delete"
        errorMessage={MESSAGES.failedDeleteDomain}
        onConfirm={() => api.call('/domains/deleteDomain', { ID: deleting?.ID ?? 0 })}
        onDone={reload}
        onClose={() => setDeleting(null)}
      >
        Delete <strong>{deleting ? storedDomainHost(deleting.DomainName) : ''}</strong>? Pages on it stop
        receiving traffic from this account.
      </ConfirmDialog>
    </Panel>
  );
}
