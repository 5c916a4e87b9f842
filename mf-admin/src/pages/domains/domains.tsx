import type { Domain } from '@leadmesh/schema';
import { bareDomainHost, checkDomainName, DOMAIN_LIST, MESSAGES } from '@leadmesh/schema';
import { ConfirmDialog, Field, FormDialog, ListTable, RowActions, useFeedback, useList } from '@leadmesh/ui';
import { Alert, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { api, errorText, listLoader, useUserId } from '../../lib/screen.tsx';

/** admin-domains (admin §2): internal domains, which every publisher may use. */
export function Domains(_: { path: string }) {
  const me = useUserId();
  const controller = useList<Domain>(listLoader('/domains/getInternalDomains'));
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Domain | null>(null);
  const [editName, setEditName] = useState('');
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const feedback = useFeedback();

  const add = async () => {
    setAddError(null);
    if (me === null) return setAddError(MESSAGES.domainNotLoggedIn);
    const check = checkDomainName(name, 'adminAdd');
    if (!check.ok) return setAddError(check.message);
    setBusy(true);
    const answer = await api.call('/domains/addDomain', {
      DomainName: name.trim(),
      BoundUser: me,
      isInternal: true,
    });
    setBusy(false);
    if (answer.status === 'ok') {
      feedback.done(`${MESSAGES.domainAdded}: ${bareDomainHost(answer.data.DomainName)}`);
      setName('');
      controller.list.reload();
    } else if (answer.data === 'SERVER_ERROR') {
      setAddError('A server error occured while trying to add a domain!');
    } else {
      // The server's reason (a duplicate, a bad name), else admin §5's text.
      setAddError(errorText(answer, 'There was an error while adding domain!'));
    }
  };

  const submitEdit = async () => {
    if (!editing) return null;
    const check = checkDomainName(editName, 'edit');
    if (!check.ok) return check.message;
    const answer = await api.call('/domains/editDomain', {
      ID: editing.ID,
      DomainName: editName.trim(),
      BoundUser: editing.BoundUser,
    });
    if (answer.status !== 'ok') return answer;
    const again = await api.call('/domains/getDomainByID', { ID: editing.ID });
    if (again.status !== 'ok') return 'There was an error while getting the new domain!';
    controller.list.updateRow((r) => r.ID === editing.ID, again.data);
    feedback.done(`Domain renamed to ${bareDomainHost(again.data.DomainName)}`);
    return null;
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        data-testid="domains-note"
        style={{ marginBottom: 12 }}
        title="Domains added here are available to anyone: every publisher can pick them for their links."
      />
      {adding && (
        <form
          data-testid="domain-add-panel"
          style={{ margin: '0 0 12px', maxWidth: 520 }}
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <Field label="Domain name, without http:// (e.g. offers.example.com)">
            <Space.Compact style={{ width: '100%' }}>
              <Input
                data-testid="domain-add-name"
                addonBefore="http://"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <Button type="primary" htmlType="submit" loading={busy} data-testid="domain-add-submit">
                Add
              </Button>
            </Space.Compact>
          </Field>
          {addError && <Alert data-testid="domain-add-result" type="error" title={addError} />}
        </form>
      )}
      <ListTable<Domain>
        controller={controller}
        rowKey="ID"
        list={DOMAIN_LIST}
        errorMessage="There was an error while getting internal domains"
        toolbar={
          <Button
            type={adding ? 'default' : 'primary'}
            data-testid="domain-add-toggle"
            aria-expanded={adding}
            onClick={() => setAdding((v) => !v)}
          >
            {adding ? 'Close' : 'Add domain'}
          </Button>
        }
        columns={[
          { field: 'DomainName', render: (v: string) => <code>{v}</code> },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, d) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: 'Edit',
                    onClick: () => {
                      setEditName(bareDomainHost(d.DomainName));
                      setEditing(d);
                    },
                  },
                  { key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(d) },
                ]}
              />
            ),
          },
        ]}
      />
      <FormDialog
        open={editing !== null}
        title={`Edit domain ${editing?.DomainName ?? ''}`}
        onSubmit={submitEdit}
        onClose={() => setEditing(null)}
        errorMessage={MESSAGES.failedEditDomain}
        testId="domain-edit"
      >
        <Field label="Domain name">
          <Input
            data-testid="domain-edit-name"
            addonBefore="http://"
            value={editName}
            onChange={(e) => setEditName(e.target.value)}
          />
        </Field>
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete domain ${deleting?.DomainName ?? ''}?`}
        confirmText="Delete domain"
        errorMessage={MESSAGES.failedDeleteDomain}
        doneText={`Domain ${deleting ? bareDomainHost(deleting.DomainName) : ''} deleted`}
        onConfirm={() => api.call('/domains/deleteDomain', { ID: deleting?.ID as number })}
        onDone={() => deleting && controller.list.removeRow((r) => r.ID === deleting.ID)}
        onClose={() => setDeleting(null)}
      >
        Publishers can no longer pick <strong>{deleting?.DomainName}</strong> for new links.
      </ConfirmDialog>
    </>
  );
}
