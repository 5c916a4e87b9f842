import { api } from '@leadmesh/api-client';
import { checkDomainName, DOMAIN_LIST, type Domain, storedDomainHost } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, type ListColumn, ListTable, RowActions, useFeedback, useList } from '@leadmesh/ui';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { failureText } from '../../lib/answers.ts';
import { FormErrorAlert, Panel } from '../../lib/ui.tsx';

/** The add-domain panel's state: open or not, the typed name and the refusal of the last try. */
function useAddDomain(reload: () => void) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feedback = useFeedback();

  const add = async () => {
    const check = checkDomainName(name, 'publisherAdd');
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setBusy(true);
    const answer = await api.call('/domains/addDomain', { DomainName: name.trim() });
    setBusy(false);
    if (answer.status === 'ok') {
      setError(null);
      feedback.done(`${MESSAGES.domainAdded}: ${storedDomainHost(answer.data.DomainName)}`);
      setName('');
      reload();
    } else setError(failureText(answer, MESSAGES.domainAddFailed));
  };
  const toggle = () => {
    setOpen((was) => !was);
    setError(null);
  };
  const type = (value: string) => {
    setName(value);
    setError(null);
  };
  return { open, name, busy, error, add, toggle, type, clearError: () => setError(null) };
}

type DomainAdder = ReturnType<typeof useAddDomain>;

/** Add domain: the host, typed without http://, and its refusal (which stays until dismissed). */
function AddDomainPanel({ adder }: { adder: DomainAdder }) {
  return (
    <>
      {adder.open && (
        <div data-testid="domain-add-panel" style={{ marginBottom: 16, maxWidth: 560 }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Type the host only, without http:// (for example shop.example.com).
          </Typography.Paragraph>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="Domain name"
              placeholder="example.com"
              data-testid="domain-add-input"
              value={adder.name}
              status={adder.error ? 'error' : undefined}
              onChange={(e) => adder.type(e.target.value)}
              onPressEnter={() => void adder.add()}
            />
            <Button
              type="primary"
              loading={adder.busy}
              data-testid="domain-add-submit"
              onClick={() => void adder.add()}
            >
              Add
            </Button>
          </Space.Compact>
        </div>
      )}
      <FormErrorAlert message={adder.error} testId="domain-add-error" onClose={adder.clearError} />
    </>
  );
}

type Editing = { id: number; name: string; error?: string };

/** Renaming a row in place: which row, its typed name and the refusal of the last save. */
function useRenameDomain(reload: () => void) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const feedback = useFeedback();
  const save = async () => {
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
  return { editing, setEditing, save };
}

type DomainRename = ReturnType<typeof useRenameDomain>;

/** The name cell of the row being renamed: the new name, saved with Enter, and its refusal. */
function RenameField({ editing, rename }: { editing: Editing; rename: DomainRename }) {
  return (
    <div data-testid="domain-edit">
      <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
        <Input
          aria-label="New domain name"
          data-testid="domain-edit-input"
          value={editing.name}
          status={editing.error ? 'error' : undefined}
          onChange={(e) => rename.setEditing({ ...editing, name: e.target.value, error: undefined })}
          onPressEnter={() => void rename.save()}
        />
      </Space.Compact>
      {editing.error && (
        <Typography.Text type="danger" data-testid="domain-edit-error" style={{ display: 'block' }}>
          {editing.error}
        </Typography.Text>
      )}
    </div>
  );
}

/** The table's columns: the name (or its rename field) and the row's actions (or Confirm / Cancel). */
function domainColumns(rename: DomainRename, askDelete: (row: Domain) => void): ListColumn<Domain>[] {
  const { editing } = rename;
  return [
    {
      title: 'Domain name',
      dataIndex: 'DomainName',
      render: (value: string, row) =>
        editing?.id === row.ID ? (
          <RenameField editing={editing} rename={rename} />
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
              onClick={() => void rename.save()}
            >
              Confirm
            </Button>
            <Button size="small" data-testid="domain-edit-cancel" onClick={() => rename.setEditing(null)}>
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
                onClick: () => rename.setEditing({ id: row.ID, name: storedDomainHost(row.DomainName) }),
              },
              {
                key: 'delete',
                testId: 'domain-delete',
                label: 'Delete',
                danger: true,
                onClick: () => askDelete(row),
              },
            ]}
          />
        ),
    },
  ];
}

/**
 * Domains (dashboards §2): the publisher's own domains. Add domain opens a panel; each row has
 * Edit (new name, Confirm / Cancel) and Delete (with confirmation). A domain is typed without
 * http:// and must contain a dot ('Please write your domain correctly 2', §5). A refusal stays
 * where it was typed, with the server's reason; what a save did is the kit's toast (decision 0065).
 */
export function DomainsScreen() {
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const controller = useList<Domain>(({ offset, filters }) =>
    api.call('/domains/getDomainsForUser', {
      paginationOffset: offset,
      Filters: filters,
      showInternal: false,
    }),
  );
  const reload = controller.list.reload;
  const adder = useAddDomain(reload);
  const rename = useRenameDomain(reload);
  const deletingHost = deleting ? storedDomainHost(deleting.DomainName) : '';

  return (
    <Panel
      title="Your domains"
      testId="domains-panel"
      extra={
        <Button
          type={adder.open ? 'default' : 'primary'}
          data-testid="domain-add-toggle"
          onClick={adder.toggle}
        >
          {adder.open ? 'Close' : 'Add domain'}
        </Button>
      }
    >
      <AddDomainPanel adder={adder} />
      <ListTable<Domain>
        controller={controller}
        columns={domainColumns(rename, setDeleting)}
        list={DOMAIN_LIST}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete domain"
        confirmText="Delete"
        errorMessage={MESSAGES.failedDeleteDomain}
        doneText={`Domain ${deletingHost} deleted`}
        onConfirm={() => api.call('/domains/deleteDomain', { ID: deleting?.ID ?? 0 })}
        onDone={reload}
        onClose={() => setDeleting(null)}
      >
        Delete <strong>{deletingHost}</strong>? Pages on it stop receiving traffic from this account.
      </ConfirmDialog>
    </Panel>
  );
}
