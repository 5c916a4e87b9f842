import type { FilterItem, LeadExport } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import { Field, FormDialog } from '@leadmesh/ui';
import { Alert, Button, Input, Modal, Progress, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/screen.tsx';

/** A number of export files: a whole number of at least 1 (public §5), else null. */
export function parseGroups(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= 1000 ? n : null;
}

/** Follows an export run by the worker until it is done or failed. */
function useExportProgress(id: number | null) {
  const [run, setRun] = useState<LeadExport | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    setRun(null);
    setError(false);
    if (id === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const a = await api.call('/leads/getLeadExport', { ID: id });
      if (!live) return;
      if (a.status !== 'ok') return setError(true);
      setRun(a.data);
      if (a.data.State === 'queued' || a.data.State === 'running') timer = setTimeout(poll, 700);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  return { run, error };
}

/**
 * Export the leads into N files with the worker: the toolbar's button, the form asking for the
 * number of files, and the run's progress with its files to download. The selected leads when
 * there are any, else every lead of the list's filters and search.
 */
export function ExportLeads({ selected, filters }: { selected: number[]; filters: FilterItem[] }) {
  const [asking, setAsking] = useState(false);
  const [groups, setGroups] = useState('1');
  const [exportId, setExportId] = useState<number | null>(null);

  const startExport = async () => {
    const n = parseGroups(groups);
    if (n === null) return MESSAGES.exportGroupsInvalid;
    const a = await api.call('/leads/startLeadExport', {
      Filters: filters,
      ...(selected.length ? { LeadIDs: selected } : {}),
      Groups: n,
    });
    if (a.status !== 'ok') return a.details?.message ?? MESSAGES.errorFetchingLeads;
    setExportId(a.data.ID);
    return null;
  };

  return (
    <>
      <Button
        type="primary"
        data-testid="leads-export"
        onClick={() => {
          setGroups('1');
          setAsking(true);
        }}
      >
        {selected.length ? `Export selected (${selected.length})` : 'Export filtered'}
      </Button>
      <FormDialog
        open={asking}
        title={
          selected.length ? `Export ${selected.length} selected leads` : 'Export the leads of the filters'
        }
        submitText="Start export"
        onSubmit={startExport}
        onClose={() => setAsking(false)}
        testId="export-form"
      >
        <Field
          label="Number of files"
          hint="The leads (ID, name, phone, product) are split evenly into files named leads_group_{n}.xlsx."
        >
          <Input
            data-testid="export-groups"
            inputMode="numeric"
            value={groups}
            onChange={(e) => setGroups(e.target.value)}
          />
        </Field>
      </FormDialog>
      <ExportProgress id={exportId} onClose={() => setExportId(null)} />
    </>
  );
}

/** An export run's progress, and its files once the worker has written them. */
function ExportProgress({ id, onClose }: { id: number | null; onClose(): void }) {
  const progress = useExportProgress(id);
  const run = progress.run;
  const percent =
    run && run.TotalRows > 0
      ? Math.round((run.DoneRows / run.TotalRows) * 100)
      : run?.State === 'done'
        ? 100
        : 0;
  return (
    <Modal
      open={id !== null}
      title={`Export #${id ?? ''}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div data-testid="export-progress" data-state={run?.State ?? 'loading'}>
        {progress.error && <Alert type="error" title={MESSAGES.errorFetchingLeads} />}
        {!run && !progress.error && <Spin />}
        {run && (
          <>
            <Progress
              percent={percent}
              status={run.State === 'failed' ? 'exception' : run.State === 'done' ? 'success' : 'active'}
            />
            <p>
              {run.DoneRows} of {run.TotalRows} leads written into {run.Groups}{' '}
              {run.Groups === 1 ? 'file' : 'files'}.
            </p>
            {run.State === 'failed' && (
              <Alert type="error" title={run.Error ?? MESSAGES.errorFetchingLeads} />
            )}
            {run.State === 'done' && run.TotalRows === 0 && (
              <Alert type="info" title={MESSAGES.invalidResponseNoLeads} />
            )}
            {run.State === 'done' && (
              <ul data-testid="export-files" style={{ paddingLeft: 18 }}>
                {run.Files.map((f) => (
                  <li key={f.url}>
                    <a href={api.urlOf(f.url)} download={f.name} data-testid="export-file">
                      {f.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
