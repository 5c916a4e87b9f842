import { defaultApiUrl } from '@leadmesh/api-client';
import type { FailingEndpoint, NetworkOverview } from '@leadmesh/schema';
import {
  EndpointReenableButton,
  EndpointStateTag,
  failingText,
  formatCount,
  formatDateTimeUtc,
} from '@leadmesh/ui';
import { Card, Empty, Table, type TableProps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { canOpenScreen } from '../../lib/access.ts';
import { api, type useFlags } from '../../lib/screen.tsx';

type Flags = ReturnType<typeof useFlags>;
type DeliveryData = NetworkOverview['delivery'];

/** The worker's queues (packages/jobs QUEUES) in words; an unknown one shows as named. */
const QUEUE_LABELS: Record<string, string> = {
  mail: 'Mail',
  crm: 'CRM delivery',
  postbacks: 'Postbacks',
  payouts: 'Payouts',
  exports: 'Exports',
  maintenance: 'Maintenance',
};

/**
 * Whether this user may re-enable another user's disabled endpoint: /postback/enablePostback and
 * /partners/enableCRM let the owner or an admin name it (their ownership bypass is `admin`,
 * decision 0037); a manager is refused, so is not offered the button.
 */
const mayReenable = (flags: Flags) => flags?.isAdmin === true;

/** The re-enable call of a disabled endpoint (its owner's rows, named by an admin). */
function reenable(endpoint: FailingEndpoint) {
  return endpoint.source === 'crm'
    ? api.call('/partners/enableCRM', { ID: endpoint.ID, advertiserID: endpoint.advertiserID ?? 0 })
    : api.call('/postback/enablePostback', { postbackID: endpoint.ID });
}

const when = (iso: string | null) => (iso ? formatDateTimeUtc(iso) : '–');
const SourceTag = ({ source }: { source: 'crm' | 'postback' }) => (
  <Tag>{source === 'crm' ? 'CRM' : 'Postback'}</Tag>
);
const LeadLink = ({ id, open }: { id: number; open: boolean }) =>
  open ? <Link to={`/dashboard/admin-leads?ID=${id}`}>#{id}</Link> : `#${id}`;

/** One table of the delivery card: its name in bold over it (and `extra` beside), a note when empty. */
function DeliveryTable<T extends object>({
  name,
  extra,
  empty,
  testId,
  ...table
}: Omit<TableProps<T>, 'title' | 'locale'> & {
  name: string;
  extra?: ReactNode;
  empty: string;
  testId: string;
}) {
  const heading = <Typography.Text strong>{name}</Typography.Text>;
  return (
    <Table<T>
      data-testid={testId}
      size="small"
      pagination={false}
      title={() =>
        extra ? (
          <span>
            {heading}
            {extra}
          </span>
        ) : (
          heading
        )
      }
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      {...table}
    />
  );
}

/** A count that opens the leads it counts, when there are some and the user may open the list. */
const count = (n: number, to: string | null, testId: string) =>
  n > 0 && to ? (
    <Link to={to} data-testid={testId}>
      {formatCount(n)}
    </Link>
  ) : (
    formatCount(n)
  );

function CrmTable({ crms, leadsOpen }: { crms: NonNullable<DeliveryData['crms']>; leadsOpen: boolean }) {
  const crmLink = (crm: number, statuses: number[]) =>
    leadsOpen
      ? `/dashboard/admin-leads?${new URLSearchParams({ BoundCRM: String(crm), Status: statuses.join(',') })}`
      : null;
  return (
    <DeliveryTable
      testId="overview-crms"
      rowKey="CRMID"
      name="CRMs"
      dataSource={crms}
      empty="Every CRM took its leads"
      columns={[
        {
          title: 'CRM',
          dataIndex: 'name',
          render: (name: string, r) => (
            <span>
              {name} <Typography.Text type="secondary">{r.advertiser.CompanyName}</Typography.Text>
            </span>
          ),
        },
        {
          title: 'Waiting',
          dataIndex: 'waiting',
          align: 'right',
          render: (n: number, r) => count(n, crmLink(r.CRMID, [-1, 6]), 'overview-crm-waiting'),
        },
        {
          title: 'Retrying',
          dataIndex: 'retrying',
          align: 'right',
          render: (n: number, r) => count(n, crmLink(r.CRMID, [-2]), 'overview-crm-retrying'),
        },
        { title: 'Failed calls', dataIndex: 'failedAttempts', align: 'right', responsive: ['sm'] },
        {
          title: 'Last error',
          dataIndex: 'lastError',
          ellipsis: true,
          responsive: ['md'],
          render: (e: string | null, r) => (e ? `${e} (${when(r.lastAt)})` : '–'),
        },
      ]}
    />
  );
}

/** The state cell of a failing endpoint: why it fails, or since when and why it is off (and Re-enable). */
function EndpointState({
  endpoint: r,
  flags,
  onChanged,
}: {
  endpoint: FailingEndpoint;
  flags: Flags;
  onChanged(): void;
}) {
  if (r.health.state === 'ok') return '–';
  if (r.health.state !== 'disabled')
    return (
      <span data-testid="overview-endpoint-state">
        <EndpointStateTag health={r.health} />
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {failingText(r.health)}
        </Typography.Text>
      </span>
    );
  return (
    // A narrow cell: tag, since when, why, and the button under them (an Alert here squeezed its
    // text to a letter a line).
    <div data-testid="endpoint-disabled" style={{ minWidth: 150, overflowWrap: 'anywhere' }}>
      <EndpointStateTag health={r.health} />
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        since {formatDateTimeUtc(r.health.disabledAt)}
      </Typography.Text>
      {r.health.disabledReason && (
        <Typography.Text style={{ display: 'block', fontSize: 12 }}>
          {r.health.disabledReason}
        </Typography.Text>
      )}
      {mayReenable(flags) && (
        <div style={{ marginTop: 4 }}>
          <EndpointReenableButton
            what={`${r.source === 'crm' ? 'CRM' : 'postback'} “${r.name}” of ${r.owner.Username}`}
            onReenable={() => reenable(r)}
            onDone={onChanged}
          />
        </div>
      )}
    </div>
  );
}

function EndpointTable({
  endpoints,
  flags,
  onChanged,
}: {
  endpoints: FailingEndpoint[];
  flags: Flags;
  onChanged(): void;
}) {
  const usersOpen = canOpenScreen('admin-users', flags);
  return (
    <DeliveryTable<FailingEndpoint>
      testId="overview-endpoints"
      rowKey={(r) => `${r.source}-${r.ID}`}
      name="Failing and disabled endpoints"
      dataSource={endpoints}
      empty="No endpoint is failing"
      columns={[
        {
          title: 'Endpoint',
          dataIndex: 'name',
          render: (name: string, r) => (
            <span>
              <SourceTag source={r.source} />
              {name}
              <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere' }}>
                {r.host}
              </Typography.Text>
            </span>
          ),
        },
        {
          title: 'Owner',
          dataIndex: ['owner', 'Username'],
          responsive: ['sm'],
          render: (username: string, r) =>
            usersOpen ? <Link to={`/dashboard/admin-users?ID=${r.owner.UserID}`}>{username}</Link> : username,
        },
        {
          title: 'State',
          key: 'state',
          render: (_: unknown, r) => <EndpointState endpoint={r} flags={flags} onChanged={onChanged} />,
        },
        // A phone keeps the endpoint and its state; the counts from a tablet on.
        { title: 'Failed', dataIndex: 'failed', align: 'right', width: 80, responsive: ['sm'] },
        { title: 'Retrying', dataIndex: 'retrying', align: 'right', width: 90, responsive: ['sm'] },
        {
          title: 'Last error',
          dataIndex: 'lastError',
          ellipsis: true,
          responsive: ['md'],
          render: (e: string | null) => e ?? '–',
        },
      ]}
    />
  );
}

function QueueTable({ queues, isAdmin }: { queues: DeliveryData['queues']; isAdmin: boolean }) {
  return (
    <DeliveryTable
      testId="overview-queues"
      rowKey="name"
      name="Queues"
      extra={
        isAdmin && (
          <a
            href={`${defaultApiUrl()}/admin/queues`}
            target="_blank"
            rel="noreferrer"
            style={{ marginLeft: 8 }}
            data-testid="overview-queues-open"
          >
            Open the queue dashboard
          </a>
        )
      }
      dataSource={queues ?? []}
      empty={queues ? 'No queue' : 'Redis did not answer: queue depths unknown'}
      columns={[
        { title: 'Queue', dataIndex: 'name', render: (name: string) => QUEUE_LABELS[name] ?? name },
        { title: 'Waiting', dataIndex: 'waiting', align: 'right' },
        { title: 'Active', dataIndex: 'active', align: 'right', responsive: ['sm'] },
        { title: 'Delayed', dataIndex: 'delayed', align: 'right', responsive: ['sm'] },
        { title: 'Failed', dataIndex: 'failed', align: 'right' },
      ]}
    />
  );
}

function ErrorTable({ errors, leadsOpen }: { errors: DeliveryData['lastErrors']; leadsOpen: boolean }) {
  return (
    <DeliveryTable<DeliveryData['lastErrors'][number]>
      testId="overview-errors"
      rowKey={(r) => `${r.source}-${r.at}-${r.LeadID}`}
      name="Last errors"
      dataSource={errors}
      empty="No errors"
      columns={[
        // A phone gets one column: when and where above, the error under them, whole.
        {
          title: 'Error',
          key: 'phone',
          responsive: ['xs'],
          render: (_: unknown, r) => (
            <div>
              <Typography.Text type="secondary">{when(r.at)}</Typography.Text> <SourceTag source={r.source} />
              {r.target} <LeadLink id={r.LeadID} open={leadsOpen} />
              <div style={{ overflowWrap: 'anywhere' }}>{r.message}</div>
            </div>
          ),
        },
        {
          title: 'When',
          dataIndex: 'at',
          width: 180,
          responsive: ['sm'],
          render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{when(at)}</span>,
        },
        {
          title: 'Where',
          dataIndex: 'target',
          responsive: ['sm'],
          render: (t: string, r) => (
            <span>
              <SourceTag source={r.source} />
              {t}
            </span>
          ),
        },
        {
          title: 'Lead',
          dataIndex: 'LeadID',
          responsive: ['md'],
          render: (id: number) => <LeadLink id={id} open={leadsOpen} />,
        },
        { title: 'Error', dataIndex: 'message', ellipsis: true, responsive: ['sm'] },
      ]}
    />
  );
}

/** The delivery card of the overview (last 24 hours): CRMs, failing endpoints, queues, last errors. */
export function Delivery({
  data,
  flags,
  onChanged,
}: {
  data: DeliveryData;
  flags: Flags;
  onChanged(): void;
}) {
  const leadsOpen = canOpenScreen('admin-leads', flags);
  return (
    <Card
      size="small"
      title="Delivery health"
      extra={<Typography.Text type="secondary">last 24 hours</Typography.Text>}
      data-testid="overview-delivery"
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
        {data.crms && <CrmTable crms={data.crms} leadsOpen={leadsOpen} />}
        <EndpointTable endpoints={data.failingEndpoints} flags={flags} onChanged={onChanged} />
        <QueueTable queues={data.queues} isAdmin={!!flags?.isAdmin} />
        <ErrorTable errors={data.lastErrors} leadsOpen={leadsOpen} />
      </div>
    </Card>
  );
}
