import type { FilterFieldSpec, LogEntry } from '@leadmesh/schema';
import { LOG_LEVELS, LOG_PAGE_SIZE } from '@leadmesh/schema/constants';
import { ConfirmDialog, formatPayoutDate, ListTable, useListController } from '@leadmesh/ui';
import { Alert, Button, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api, listLoader } from '../../lib/screen.tsx';

const FIELDS: readonly FilterFieldSpec[] = [
  {
    name: 'LogLevel',
    friendlyName: 'Level',
    type: 'number',
    options: LOG_LEVELS.map((l) => ({ value: l.level, label: l.name })),
  },
  { name: 'Log', friendlyName: 'Text', type: 'string' },
  { name: 'Context', friendlyName: 'Context', type: 'string' },
  { name: 'User', friendlyName: 'User ID', type: 'number' },
  { name: 'createdAt', friendlyName: 'Date', type: 'date' },
];

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

/** admin-logs (public §2): log entries in level colours, 100 a page, dumps, Remove all. */
export function Logs(_: { path: string }) {
  const controller = useListController<LogEntry>(listLoader('/logs/getLogs', { limit: LOG_PAGE_SIZE }), [], {
    pageSize: LOG_PAGE_SIZE,
  });
  const [dump, setDump] = useState<{ entry: LogEntry; text: string | null; error: boolean } | null>(null);
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
        rowKey="ID"
        filterFields={FIELDS}
        errorMessage="SERVER_ERROR"
        scrollX={980}
        toolbar={
          <Button danger data-testid="logs-remove-all" onClick={() => setRemoving(true)}>
            Remove all logs
          </Button>
        }
        columns={[
          {
            title: 'Date (UTC)',
            dataIndex: 'createdAt',
            width: 140,
            render: (v: string) => formatPayoutDate(v),
          },
          {
            title: 'Level',
            dataIndex: 'LogLevel',
            width: 90,
            render: (level: number, e) => (
              <Tag
                data-testid="log-level"
                data-level={level}
                color={LOG_LEVELS.find((l) => l.level === level)?.colour}
              >
                {e.LogLevelName}
              </Tag>
            ),
          },
          { title: 'Log', dataIndex: 'Log', width: '45%', render: (v: string) => <LogText text={v} /> },
          {
            title: 'Context',
            dataIndex: 'Context',
            width: 180,
            render: (v: string | null) => <code style={{ fontSize: 12, wordBreak: 'break-all' }}>{v}</code>,
          },
          {
            title: 'User',
            dataIndex: 'User',
            width: 80,
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
            width: 110,
            render: (_, e) =>
              e.LogDumpPresent ? (
                <Button size="small" data-testid="log-dump" onClick={() => void openDump(e)}>
                  Show dump
                </Button>
              ) : (
                <span style={{ opacity: 0.45 }}>—</span>
              ),
          },
        ]}
      />
      <Modal
        open={dump !== null}
        title={`Dump of log #${dump?.entry.ID ?? ''}`}
        footer={null}
        onCancel={() => setDump(null)}
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
      <ConfirmDialog
        open={removing}
        title="Remove all logs?"
        confirmText="Remove all logs"
        errorMessage="Error while deleting the logs!"
        onConfirm={() => api.call('/logs/removeAllLogs', {})}
        onDone={() => controller.list.reload()}
        onClose={() => setRemoving(false)}
      >
        Every log entry and dump is deleted. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
