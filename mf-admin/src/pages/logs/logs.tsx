import { LOG_LIST, type LogEntry } from '@leadmesh/schema';
import { LOG_PAGE_SIZE } from '@leadmesh/schema/constants';
import { ConfirmDialog, type ListColumn, ListTable, LogLevelTag, useList } from '@leadmesh/ui';
import { Alert, Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api, listLoader } from '../../lib/screen.tsx';

/** `[name:value]` parameters of a log text, highlighted. */
function LogText({ text }: { text: string }) {
  const parts = text.split(/(\[[^\]]*\])/g);
  return (
    <span style={{ wordBreak: 'break-word', overflowWrap: 'anywhere' }}>
      {parts.map((p, i) =>
        p.startsWith('[') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text
          <code key={i} style={{ fontSize: 12 }}>
            {p}
          </code>
        ) : (
          p
        ),
      )}
    </span>
  );
}

/**
 * A dump as people read it: JSON indented, and the line breaks inside its strings (a stack trace)
 * shown as lines rather than as `\n`.
 */
export function readableDump(text: string): string {
  try {
    // A `\n` escape, not the end of an escaped backslash (`\\n` stays as written).
    return JSON.stringify(JSON.parse(text), null, 2).replace(/(?<!\\)((?:\\\\)*)\\n/g, '$1\n');
  } catch {
    return text;
  }
}

type Dump = { entry: LogEntry; text: string | null; error: boolean };

/** The dump of a log entry, fetched when it is opened. */
function DumpDialog({ dump, onClose }: { dump: Dump | null; onClose(): void }) {
  return (
    <Modal
      open={dump !== null}
      title={`Dump of log #${dump?.entry.ID ?? ''}`}
      footer={null}
      onCancel={onClose}
      width={760}
    >
      {dump?.error ? (
        <Alert type="error" title="Error while fetching the debug log!" />
      ) : dump?.text == null ? (
        <Spin />
      ) : (
        <pre
          data-testid="log-dump-text"
          style={{ maxHeight: '60vh', overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}
        >
          {readableDump(dump.text)}
        </pre>
      )}
    </Modal>
  );
}

/** The log list's columns; `openDump` shows an entry's dump. */
function logColumns(openDump: (entry: LogEntry) => void): ListColumn<LogEntry>[] {
  return [
    { title: 'Log', field: 'Log', render: (v: string) => <LogText text={v} /> },
    {
      field: 'LogLevel',
      phone: true,
      render: (level: number, e) => <LogLevelTag level={level} name={e.LogLevelName} />,
    },
    { field: 'createdAt' },
    {
      title: 'Context',
      dataIndex: 'Context',
      render: (v: string | null) => <code style={{ fontSize: 12, wordBreak: 'break-all' }}>{v}</code>,
    },
    {
      title: 'User',
      dataIndex: 'User',
      render: (id: number | null) =>
        id === null ? (
          <span style={{ opacity: 0.6 }}>System</span>
        ) : (
          <Link to={`/dashboard/admin-users?ID=${id}`} title="Open the user">
            #{id}
          </Link>
        ),
    },
    {
      title: 'Dump',
      key: 'dump',
      render: (_, e) =>
        e.LogDumpPresent ? (
          <Button size="small" data-testid="log-dump" onClick={() => openDump(e)}>
            Show dump
          </Button>
        ) : (
          <span style={{ opacity: 0.45 }}>—</span>
        ),
    },
  ];
}

/** admin-logs (public §2): log entries in level colours, 100 a page, dumps, Remove all. */
export function Logs(_: { path: string }) {
  const controller = useList<LogEntry>(listLoader('/logs/getLogs', { limit: LOG_PAGE_SIZE }), {
    pageSize: LOG_PAGE_SIZE,
  });
  const [dump, setDump] = useState<Dump | null>(null);
  const [removing, setRemoving] = useState(false);
  const openDump = async (entry: LogEntry) => {
    setDump({ entry, text: null, error: false });
    const a = await api.call('/logs/getLogDump', { ID: entry.ID });
    setDump({ entry, text: a.status === 'ok' ? a.data.Dump : null, error: a.status !== 'ok' });
  };
  return (
    <>
      <ListTable<LogEntry>
        controller={controller}
        list={LOG_LIST}
        // Public §8 names the code SERVER_ERROR here; issue 16 puts no raw codes on screen.
        errorMessage="There was an error while getting the logs. Try again."
        toolbar={
          <Button danger data-testid="logs-remove-all" onClick={() => setRemoving(true)}>
            Remove all logs
          </Button>
        }
        columns={logColumns((e) => void openDump(e))}
      />
      <DumpDialog dump={dump} onClose={() => setDump(null)} />
      <ConfirmDialog
        open={removing}
        title="Remove all logs?"
        confirmText="Remove all logs"
        errorMessage="Error while deleting the logs!"
        doneText="Every log entry was removed"
        onConfirm={() => api.call('/logs/removeAllLogs', {})}
        onDone={() => controller.list.reload()}
        onClose={() => setRemoving(false)}
      >
        Every log entry and dump is deleted. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
