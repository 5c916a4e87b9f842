import { api } from '@leadmesh/api-client';
import type { InspectorRequest, SignatureCheck } from '@leadmesh/schema';
import { INSPECTOR_LIMITS } from '@leadmesh/schema';
import { Alert, Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CopyField } from '../../CopyField.tsx';
import { useFeedback } from '../../feedback.tsx';
import { formatDateTimeUtc } from '../../format.ts';
import { CodeBlock } from './CodeBlock.tsx';

/** How each signature check reads, and its colour. */
export const SIGNATURE_TAGS: Record<SignatureCheck, { label: string; colour: string }> = {
  valid: { label: 'Signature valid', colour: 'green' },
  invalid: { label: 'Signature invalid', colour: 'red' },
  expired: { label: 'Timestamp too old', colour: 'orange' },
  missing: { label: 'Not signed', colour: 'default' },
};

/** While the panel is open it asks for new requests this often. */
const REFRESH_MS = 5_000;

const fail = { status: 'error' as const, data: 'SERVER_ERROR' as const };

function RequestDetails({ request }: { request: InspectorRequest }) {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const cut =
    request.bodyBytes > request.body.length
      ? ` (first ${request.body.length} of ${request.bodyBytes} bytes)`
      : '';
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="inspector-details">
      <div>
        <Typography.Text strong>{request.method}</Typography.Text>
        <CopyField text={request.URL} what="Request URL" testId="inspector-request-url" />
      </div>
      <div>
        <Typography.Text strong>Headers</Typography.Text>
        <CodeBlock text={headers} maxHeight={220} wrap />
      </div>
      <div>
        <Typography.Text strong>Body{cut}</Typography.Text>
        <CodeBlock text={request.body || '(empty)'} maxHeight={220} testId="inspector-body" wrap />
      </div>
    </Space>
  );
}

/** The requests kept, newest first: each one's signature check, method and time, path and query; a click opens it. */
function RequestTable({ rows, loading }: { rows: InspectorRequest[] | null; loading: boolean }) {
  return (
    <div className="lm-table-scroll">
      <Table<InspectorRequest>
        size="small"
        rowKey="ID"
        data-testid="inspector-table"
        loading={loading}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={() => ({ 'data-testid': 'inspector-row' }) as React.HTMLAttributes<HTMLElement>}
        expandable={{
          expandedRowRender: (row) => <RequestDetails request={row} />,
          expandRowByClick: true,
        }}
        locale={{
          emptyText: (
            <Empty
              data-testid="inspector-empty"
              description="Nothing received yet. Send a test postback to the URL above."
              image={Empty.PRESENTED_IMAGE_SIMPLE}
            />
          ),
        }}
        columns={[
          {
            title: 'Request',
            key: 'request',
            render: (_: unknown, row) => (
              <Space orientation="vertical" size={2}>
                <Tag
                  color={SIGNATURE_TAGS[row.signature].colour}
                  data-testid="inspector-signature"
                  data-check={row.signature}
                >
                  {SIGNATURE_TAGS[row.signature].label}
                </Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {row.method} · {formatDateTimeUtc(row.receivedAt)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: 'Path and query',
            dataIndex: 'URL',
            render: (u: string) => (
              <Typography.Text style={{ wordBreak: 'break-all', fontSize: 12 }} data-testid="inspector-path">
                {u.replace(/^https?:\/\/[^/]+\/pb\/[^/?]+/, '') || '/'}
              </Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}

/** What the inspector is, and the user's own receiving URL with a copy button. */
function InspectorAddress({ url }: { url: string | null }) {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Your own receiving address: every request sent to it (or to any path and query under it) shows below
        with its headers, body and signature check, the last {INSPECTOR_LIMITS.requests} kept. Use it as a
        postback URL to see exactly what your postbacks send.
      </Typography.Paragraph>
      {url && (
        <div style={{ marginBottom: 12 }}>
          <CopyField text={url} what="Inspector URL" testId="inspector-url" />
        </div>
      )}
    </>
  );
}

/**
 * The postback inspector (issue 17; decision 0041): the user's own receiving URL on the sites
 * server and the last requests it received, each with whether its signature checks out, refreshed
 * every few seconds. Point a postback at the URL (or press Send test) to see exactly what is sent.
 */
export function InspectorPanel() {
  const [url, setUrl] = useState<string | null>(null);
  const [rows, setRows] = useState<InspectorRequest[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [clearing, setClearing] = useState(false);
  const feedback = useFeedback();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle || !rows) return rows;
    return rows.filter((r) => r.URL.toLowerCase().includes(needle) || r.body.toLowerCase().includes(needle));
  }, [rows, filter]);

  const load = useCallback(async () => {
    const answer = await api.call('/postback/getInspector').catch(() => fail);
    setFailed(answer.status !== 'ok');
    if (answer.status === 'ok') {
      setUrl(answer.data.URL);
      setRows(answer.data.requests);
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const clear = async () => {
    setClearing(true);
    const answer = await api.call('/postback/clearInspector').catch(() => fail);
    feedback.answer(answer, 'Inspector cleared', 'There was an error while clearing the inspector!');
    setClearing(false);
    void load();
  };

  return (
    <Card
      size="small"
      title="Postback inspector"
      data-testid="inspector-panel"
      extra={
        <Space size={4}>
          <Button size="small" data-testid="inspector-refresh" onClick={() => void load()}>
            Refresh
          </Button>
          <Button size="small" data-testid="inspector-clear" loading={clearing} onClick={() => void clear()}>
            Clear
          </Button>
        </Space>
      }
    >
      <InspectorAddress url={url} />
      {failed && (
        <Alert
          type="error"
          showIcon
          title="The inspector could not be loaded."
          data-testid="inspector-error"
        />
      )}
      <Input
        allowClear
        data-testid="inspector-filter"
        placeholder="Filter by path, query or body"
        aria-label="Filter the received requests"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 12, maxWidth: 420 }}
      />
      <RequestTable rows={shown} loading={rows === null && !failed} />
    </Card>
  );
}
