import type { Domain } from '@leadmesh/schema';
import { bareDomainHost, DOMAIN_LIST, MESSAGES } from '@leadmesh/schema';
import { ConfirmDialog, ListTable, useList } from '@leadmesh/ui';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { api, listLoader } from '../../lib/screen.tsx';
import { AddDomainPanel, EditDomainDialog } from './domain-forms.tsx';

/** admin-domains (admin §2): internal domains, which every publisher may use. */
export function Domains(_: { path: string }) {
  const controller = useList<Domain>(listLoader('/domains/getInternalDomains'));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Domain | null>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);

  return (
    <>
      <Alert
        type="info"
        showIcon
        data-testid="domains-note"
        style={{ marginBottom: 12 }}
        title="Domains added here are available to anyone: every publisher can pick them for their links."
      />
      <AddDomainPanel open={adding} onAdded={() => controller.list.reload()} />
      <ListTable<Domain>
        controller={controller}
        list={DOMAIN_LIST}
        errorMessage={MESSAGES.errorGettingDomainList}
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
        rowActions={(d) => [
          { key: 'edit', label: 'Edit', onClick: () => setEditing(d) },
          { key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(d) },
        ]}
        columns={[{ field: 'DomainName', render: (v: string) => <code>{v}</code> }]}
      />
      <EditDomainDialog
        domain={editing}
        onSaved={(d) => controller.list.updateRow((r) => r.ID === d.ID, d)}
        onClose={() => setEditing(null)}
      />
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
