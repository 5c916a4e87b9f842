import { CUSTOM_PAYOUT_LIST, type CustomPayout } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { ConfirmDialog, ListTable, useList } from '@leadmesh/ui';
import { Button } from 'antd';
import { useState } from 'react';
import { api, listLoader } from '../../lib/screen.tsx';
import { CustomPayoutDialog, type CustomPayoutTask } from './custom-payout-dialog.tsx';

/** admin-customPayouts (public §2, §5): a publisher's own payout for an offer, with the calculator. */
export function CustomPayouts(_: { path: string }) {
  const controller = useList<CustomPayout>(listLoader('/customOfferPayouts/getAllPayouts'));
  const [task, setTask] = useState<CustomPayoutTask>(null);
  const [removing, setRemoving] = useState<CustomPayout | null>(null);

  return (
    <>
      <ListTable<CustomPayout>
        controller={controller}
        list={CUSTOM_PAYOUT_LIST}
        toolbar={
          <Button type="primary" data-testid="custom-payout-add" onClick={() => setTask({ mode: 'add' })}>
            Add custom payout
          </Button>
        }
        rowActions={(row) => [
          { key: 'edit', label: 'Edit', onClick: () => setTask({ mode: 'edit', row }) },
          { key: 'remove', label: 'Remove', danger: true, onClick: () => setRemoving(row) },
        ]}
        columns={[
          { field: 'Username' },
          { field: 'OfferName' },
          { title: 'Payout', field: 'Payout', align: 'right', phone: true },
          { title: 'Publisher gets', dataIndex: 'PublisherGets', align: 'right', valueType: 'money' },
          { field: 'ID' },
        ]}
      />
      <CustomPayoutDialog
        task={task}
        onClose={() => setTask(null)}
        onAdded={() => controller.list.reload()}
        onEdited={(row) => controller.list.updateRow((r) => r.ID === row.ID, row)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the custom payout of ${removing?.Username ?? ''}?`}
        confirmText="Remove"
        errorMessage={MESSAGES.errorRemovingCustomPayout}
        doneText={`Custom payout of ${removing?.Username ?? ''} for ${removing?.OfferName ?? ''} removed`}
        onConfirm={() => api.call('/customOfferPayouts/removePayout', { ID: removing?.ID as number })}
        onDone={() => removing && controller.list.removeRow((r) => r.ID === removing.ID)}
        onClose={() => setRemoving(null)}
      >
        {removing?.Username} gets the offer's own payout for <strong>{removing?.OfferName}</strong> again.
      </ConfirmDialog>
    </>
  );
}
