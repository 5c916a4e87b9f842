import { api } from '@leadmesh/api-client';
import { checkDomainName, DOMAIN_LIST, type Domain, storedDomainHost } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, type ListColumn, ListTable, RowActions, useFeedback, useList } from '@leadmesh/ui';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { Panel } from '../../lib/ui.tsx';

/**
 * Domains (dashboards §2): the publisher's own domains. Add domain opens a panel; each row has
 * Edit (new name, Confirm / Cancel) and Delete (with confirmation). A domain is typed without
 * http:// and must contain a dot ('Please write your domain correctly 2', §5). A refusal stays
 * where it was typed, with the server's reason; what a save did is the kit's toast (decision 0065).
 */
export function DomainsScreen() {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const feedback = useFeedback();
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
      setAddError(check.message);
      return;
    }
    setBusy(true);
    const answer = await api.call('/domains/addDomain', { DomainName: name.trim() });
    setBusy(false);
    if (answer.status === 'ok') {
      setAddError(null);
      feedback.done(`${MESSAGES.domainAdded}: ${storedDomainHost(answer.data.DomainName)}`);
      setName('');
      reload();
    } else setAddError(failureText(answer, MESSAGES.domainAddFailed));
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
      feedback.done(`Domain renamed to ${storedDomainHost(answer.data.DomainName)}`);
      reload();
    } else setEditing({ ...editing, error: failureText(answer, MESSAGES.failedEditDomain) });
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
            setAddError(null);
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
              status={addError ? 'error' : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setAddError(null);
              }}
              onPressEnter={() => void add()}
            />
            <Button type="primary" loading={busy} data-testid="domain-add-submit" onClick={() => void add()}>
              Add
            </Button>
          </Space.Compact>
        </div>
      )}
      {addError && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setAddError(null)}
          data-testid="domain-add-error"
          title={addError}
          style={{ marginBottom: 16 }}
        />
      )}
      <ListTable<Domain> controller={controller} columns={columns} rowKey="ID" list={DOMAIN_LIST} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete domain"
        confirmText="Delete"
        errorMessage={MESSAGES.failedDeleteDomain}
        doneText={`Domain ${deleting ? storedDomainHost(deleting.DomainName) : ''} deleted`}
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
