import { api } from '@leadmesh/api-client';
import type { EndpointHealthView, Postback, PostbackDelivery, PostbackWithHealth } from '@leadmesh/schema';
import {
  MESSAGES,
  POSTBACK_PLACEHOLDERS,
  POSTBACK_TRIGGERS,
  type PostbackDeliveryMode,
  type PostbackTrigger,
} from '@leadmesh/schema/constants';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { EndpointHealthNotice, EndpointStateTag } from '../EndpointHealth.tsx';
import { useFeedback } from '../feedback.tsx';
import { ListTable } from '../ListTable.tsx';
import type { ListColumn } from '../list-columns.ts';
import { RequiredTextItem } from '../RequiredTextItem.tsx';
import type { RowAction } from '../row-actions-logic.ts';
import { useList } from '../use-list.ts';
import { errorText, isNotVerified, ViewScreen } from './common.tsx';
import { InspectorPanel } from './postback/InspectorPanel.tsx';
import { SigningSecretPanel } from './postback/SigningSecretPanel.tsx';
import { VerifySignaturePanel } from './postback/VerifySignaturePanel.tsx';

/** How each delivery mode reads (decision 0042). */
export const DELIVERY_LABELS: Record<PostbackDeliveryMode, string> = {
  get: 'GET, values in the URL',
  'post-json': 'POST, values as JSON',
};

/** People's words for the triggers (the stored values stay the spec's). */
export const TRIGGER_LABELS: Record<PostbackTrigger, string> = {
  Any: 'Any event',
  AnyPublisher: 'Any event, as publisher',
  AnyAdvertiser: 'Any event, as advertiser',
  OnCreate: 'Lead created',
  OnCreatePublisher: 'Lead created, as publisher',
  OnCreateAdvertiser: 'Lead created, as advertiser',
  OnApproved: 'Lead approved',
  OnApprovedPublisher: 'Lead approved, as publisher',
  OnApprovedAdvertiser: 'Lead approved, as advertiser',
  OnDeclined: 'Lead declined',
  OnDeclinedPublisher: 'Lead declined, as publisher',
  OnDeclinedAdvertiser: 'Lead declined, as advertiser',
};

const PLACEHOLDER_HELP: Record<string, string> = {
  '{lead_id}': 'The lead ID',
  '{lead_status}': 'The lead status code',
  '{lead_price}': 'The lead price in USD',
  '{offer_id}': 'The offer ID',
  '{offer_name}': 'The offer name',
  '{product_name}': 'The product name',
  '{domain}': 'The domain the lead came from',
  '{lead_type}': 'The lead type (CPA or CPL)',
  '{is_phone}': 'Whether the lead came from a phone',
  name: "The buyer's name",
  phone: "The buyer's phone",
  quantity: 'The quantity ordered',
  uid: 'Your own user ID, if you sent one (optional)',
  stclickid: 'The click ID of the tracking link, if any',
};

/** What a placeholder means, for the help panel (every macro of the schema has a line). */
export function placeholderHelp(placeholder: string): string {
  if (PLACEHOLDER_HELP[placeholder]) return PLACEHOLDER_HELP[placeholder];
  const key = placeholder.replace(/^\{[^-}]+-/, '').replace(/\}$/, '');
  if (/^c[1-6]$/.test(key)) return `Custom value ${key.slice(1)} you sent with the lead (optional)`;
  return PLACEHOLDER_HELP[key] ?? 'A value of the lead';
}

const STATE_COLOURS = { pending: 'gold', delivered: 'green', failed: 'red' } as const;

interface FormValues {
  postbackName: string;
  postbackURL: string;
  postbackTrigger: PostbackTrigger;
  postbackDelivery: PostbackDeliveryMode;
}

/** Fills the URL field with the user's inspector URL and the usual macros. */
async function inspectorTemplate(): Promise<string | null> {
  const answer = await api.call('/postback/getInspector').catch(() => null);
  return answer?.status === 'ok' ? `${answer.data.URL}?lead={lead_id}&status={lead_status}` : null;
}

/** Add or edit a postback in a dialog; what the server refuses stays in the dialog as one message. */
function PostbackForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: Postback | 'new' | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { form, busy, error, submit } = usePostbackForm(editing, { onSaved, onClose });
  if (!editing) return null;
  return (
    <Modal
      open
      title={editing === 'new' ? 'Add postback' : 'Edit postback'}
      onCancel={onClose}
      okText="Save"
      okButtonProps={{ loading: busy, 'data-testid': 'postback-save' }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="postback-form" requiredMark={false}>
        <PostbackFields onUseInspector={(url) => form.setFieldValue('postbackURL', url)} />
        {error && <Alert type="error" showIcon title={error} data-testid="postback-error" />}
      </Form>
    </Modal>
  );
}

/**
 * The postback form's state: filled with the postback edited (empty for a new one, without the last
 * dialog's message), and saved as a new postback or over the one edited.
 */
function usePostbackForm(
  editing: Postback | 'new' | null,
  { onSaved, onClose }: { onSaved(): void; onClose(): void },
) {
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feedback = useFeedback();
  useEffect(() => {
    setError(null);
    if (editing && editing !== 'new') {
      form.setFieldsValue({
        postbackName: editing.postbackName,
        postbackURL: editing.postbackURL,
        postbackTrigger: editing.postbackTrigger as PostbackTrigger,
        postbackDelivery: editing.postbackDelivery,
      });
    } else form.resetFields();
  }, [editing, form]);
  const submit = async (values: FormValues) => {
    if (!editing) return;
    setBusy(true);
    setError(null);
    const body = { ...values, postbackType: 'default' as const };
    const answer = await (editing === 'new'
      ? api.call('/postback/addPostback', body)
      : api.call('/postback/editPostback', { ...body, postbackID: editing.postbackID })
    ).catch(() => ({ status: 'error' as const, data: 'SERVER_ERROR' as const }));
    setBusy(false);
    if (answer.status === 'ok') {
      feedback.done(`Postback “${values.postbackName}” ${editing === 'new' ? 'added' : 'saved'}`);
      onSaved();
      onClose();
    } else setError(errorText(answer, MESSAGES.errorAddingPostback));
  };
  return { form, busy, error, submit };
}

/** The postback's fields: name, URL (with the inspector's URL a click away), trigger, type and delivery. */
function PostbackFields({ onUseInspector }: { onUseInspector(url: string): void }) {
  return (
    <>
      <RequiredTextItem label="Name" name="postbackName" missing={MESSAGES.postbackNameMissing}>
        <Input data-testid="postback-name" placeholder="e.g. Tracker: approved leads" maxLength={100} />
      </RequiredTextItem>
      <RequiredTextItem
        label="URL"
        name="postbackURL"
        extra={
          <span>
            Use the macros listed under Show help, e.g. https://tracker.example/pb?id={'{lead_id}'}&status=
            {'{lead_status}'}, or{' '}
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              data-testid="postback-use-inspector"
              onClick={() => void inspectorTemplate().then((url) => url && onUseInspector(url))}
            >
              use your inspector URL
            </Button>
            .
          </span>
        }
        missing={MESSAGES.postbackUrlMissing}
      >
        <Input data-testid="postback-url" placeholder="https://" maxLength={2000} />
      </RequiredTextItem>
      <Form.Item label="Trigger" name="postbackTrigger" initialValue="Any">
        <Select
          data-testid="postback-trigger"
          options={POSTBACK_TRIGGERS.map((t) => ({ value: t, label: TRIGGER_LABELS[t] }))}
        />
      </Form.Item>
      <Form.Item label="Type">
        <Select disabled value="default" options={[{ value: 'default', label: 'Default' }]} />
      </Form.Item>
      <Form.Item
        label="Delivery"
        name="postbackDelivery"
        initialValue="get"
        extra="POST sends the values as a JSON body, which the Standard Webhooks libraries verify as they are."
      >
        <Radio.Group data-testid="postback-delivery">
          {(Object.keys(DELIVERY_LABELS) as PostbackDeliveryMode[]).map((mode) => (
            <Radio key={mode} value={mode} data-testid={`postback-delivery-${mode}`}>
              {DELIVERY_LABELS[mode]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}

function HelpPanel() {
  return (
    <Card size="small" title="Postback macros" data-testid="postback-help">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Put these in the postback URL; each is replaced with the lead's value when the postback is sent.
      </Typography.Paragraph>
      <div className="lm-table-scroll">
        <Table
          size="small"
          pagination={false}
          rowKey="macro"
          dataSource={POSTBACK_PLACEHOLDERS.map((macro) => ({ macro, help: placeholderHelp(macro) }))}
          columns={[
            {
              title: 'Macro',
              dataIndex: 'macro',
              render: (m: string) => (
                <Typography.Text code copyable data-testid="postback-macro">
                  {m}
                </Typography.Text>
              ),
            },
            { title: 'Meaning', dataIndex: 'help' },
          ]}
        />
      </div>
    </Card>
  );
}

/**
 * The delivery log. A waiting delivery of a failing or disabled postback carries its postback's
 * state beside its own (decision 0037), so the log says why nothing arrives.
 */
function DeliveryLog({
  reloadKey,
  healthOf,
}: {
  reloadKey: number;
  healthOf: ReadonlyMap<number, EndpointHealthView>;
}) {
  const load = useCallback(
    ({ offset }: { offset: number }) => api.call('/postback/getDeliveries', { paginationOffset: offset }),
    [],
  );
  const controller = useList<PostbackDelivery>(load);
  const reload = controller.list.reload;
  const seenKey = useRef(reloadKey);
  useEffect(() => {
    if (seenKey.current === reloadKey) return;
    seenKey.current = reloadKey;
    reload();
  }, [reloadKey, reload]);
  return (
    <Card size="small" title="Delivery log" data-testid="postback-deliveries">
      <ListTable<PostbackDelivery>
        controller={controller}
        emptyText="No postbacks sent yet. They show here once a lead triggers one."
        columns={[
          { title: 'Sent', dataIndex: 'createdAt', valueType: 'dateTime' },
          { title: 'Postback', dataIndex: 'postbackName' },
          {
            title: 'State',
            dataIndex: 'state',
            phone: true,
            render: (s: PostbackDelivery['state'], row) => (
              <Space size={4} wrap>
                <Tag color={STATE_COLOURS[s]} data-testid="delivery-state">
                  {s.charAt(0).toUpperCase() + s.slice(1)}
                </Tag>
                {s === 'pending' && !row.isTest && <EndpointStateTag health={healthOf.get(row.postbackID)} />}
              </Space>
            ),
          },
          {
            title: 'Lead',
            dataIndex: 'leadID',
            render: (id: number, row) =>
              row.isTest ? (
                <Tag>Test</Tag>
              ) : row.replayOf !== null ? (
                <span>
                  #{id}{' '}
                  <Tag data-testid="delivery-replay" title={`Sent again: delivery #${row.replayOf}`}>
                    Replay
                  </Tag>
                </span>
              ) : (
                `#${id}`
              ),
          },
          { title: 'Attempts', dataIndex: 'attempts', align: 'right' },
          {
            title: 'Answer',
            key: 'answer',
            render: (_: unknown, row) =>
              row.responseCode ? `HTTP ${row.responseCode}` : row.lastError ? row.lastError : '—',
          },
        ]}
      />
    </Card>
  );
}

/**
 * The postback screen (dashboards §2 Postbacks): Add postback, Show help with every macro, the
 * postbacks with Edit, Delete and Send test, and the delivery log.
 */
export function PostbackView({ path }: { path: string }) {
  const [notVerified, setNotVerified] = useState(false);
  const [help, setHelp] = useState(false);
  const [editing, setEditing] = useState<Postback | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Postback | null>(null);
  const [deliveriesKey, setDeliveriesKey] = useState(0);
  const showNewDeliveries = () => setDeliveriesKey((k) => k + 1);

  const load = useCallback(async () => {
    const answer = await api
      .call('/postback/getAllPostbacks')
      .catch(() => ({ status: 'error' as const, data: 'SERVER_ERROR' as const }));
    setNotVerified(answer.status === 'error' && isNotVerified(answer));
    return answer;
  }, []);
  const controller = useList<PostbackWithHealth>(load, { paged: false });
  const reload = controller.list.reload;
  const rows = controller.list.rows;
  const healthOf = useMemo(() => new Map(rows.map((p) => [p.postbackID, p.health])), [rows]);
  const { testing, sendTest } = useSendTest(showNewDeliveries);
  const columns = postbackColumns(() => {
    reload();
    showNewDeliveries();
  });

  return (
    <ViewScreen path={path} notVerified={notVerified}>
      <div className="lm-toolbar">
        <Space wrap>
          <Button type="primary" data-testid="postback-add" onClick={() => setEditing('new')}>
            Add postback
          </Button>
          <Button data-testid="postback-help-toggle" onClick={() => setHelp((v) => !v)}>
            {help ? 'Hide help' : 'Show help'}
          </Button>
        </Space>
      </div>
      {help && <HelpPanel />}
      <Card size="small" title="Postbacks">
        <ListTable<PostbackWithHealth>
          controller={controller}
          testId="postback-table"
          rowKey="postbackID"
          errorMessage={MESSAGES.errorGettingPostbacks}
          emptyText="No postbacks yet. Add one to tell your tracker about your leads."
          columns={columns}
          rowActions={(row) =>
            postbackActions(row, {
              testing,
              onEdit: setEditing,
              onTest: (p) => void sendTest(p),
              onDelete: setDeleting,
            })
          }
        />
      </Card>
      <PostbackTabs deliveriesKey={deliveriesKey} healthOf={healthOf} />
      <PostbackForm editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <DeletePostbackDialog postback={deleting} onDone={reload} onClose={() => setDeleting(null)} />
    </ViewScreen>
  );
}

/** Send test: which postback is sending, and the toast that says where its delivery shows. */
function useSendTest(onSent: () => void) {
  const [testing, setTesting] = useState<number | null>(null);
  const feedback = useFeedback();
  const sendTest = async (postback: Postback) => {
    setTesting(postback.postbackID);
    const answer = await api
      .call('/postback/testPostback', { postbackID: postback.postbackID })
      .catch(() => ({ status: 'error' as const, data: 'SERVER_ERROR' as const }));
    // The test's outcome is in the delivery log below; the toast says where to look.
    feedback.answer(
      answer,
      `Test postback to “${postback.postbackName}” sent: its delivery is in the log below`,
      MESSAGES.connectionError,
    );
    setTesting(null);
    onSent();
  };
  return { testing, sendTest };
}

/** The postbacks' columns: name with URL and health (and its Re-enable), trigger, type. */
function postbackColumns(onReenabled: () => void): ListColumn<PostbackWithHealth>[] {
  return [
    {
      title: 'Name',
      dataIndex: 'postbackName',
      render: (name: string, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 520 }}>
          <span>
            <span data-testid="postback-row-name">{name}</span>
            {row.health && row.health.state !== 'ok' && ' '}
            <EndpointStateTag health={row.health} />
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {row.postbackURL}
          </Typography.Text>
          <EndpointHealthNotice
            health={row.health}
            what={`the postback “${name}”`}
            onReenable={() => api.call('/postback/enablePostback', { postbackID: row.postbackID })}
            onDone={onReenabled}
          />
        </Space>
      ),
    },
    {
      title: 'Trigger',
      dataIndex: 'postbackTrigger',
      phone: true,
      render: (t: PostbackTrigger) => TRIGGER_LABELS[t] ?? t,
    },
    {
      title: 'Type',
      dataIndex: 'postbackType',
      render: (_: unknown, row) =>
        row.postbackDelivery === 'post-json' ? 'Default, POST (JSON)' : 'Default',
    },
  ];
}

/** A postback's actions: Edit, Send test (Sending… while its test is out), and Delete last. */
function postbackActions(
  row: Postback,
  {
    testing,
    onEdit,
    onTest,
    onDelete,
  }: {
    testing: number | null;
    onEdit(postback: Postback): void;
    onTest(postback: Postback): void;
    onDelete(postback: Postback): void;
  },
): RowAction[] {
  return [
    { key: 'edit', testId: 'postback-edit', label: 'Edit', onClick: () => onEdit(row) },
    {
      key: 'test',
      testId: 'postback-test',
      label: testing === row.postbackID ? 'Sending…' : 'Send test',
      onClick: () => onTest(row),
    },
    { key: 'delete', testId: 'postback-delete', label: 'Delete', danger: true, onClick: () => onDelete(row) },
  ];
}

/** Below the postbacks: the delivery log, the inspector, and the signing secret with its check. */
function PostbackTabs({
  deliveriesKey,
  healthOf,
}: {
  deliveriesKey: number;
  healthOf: ReadonlyMap<number, EndpointHealthView>;
}) {
  return (
    <Tabs
      data-testid="postback-tabs"
      items={[
        {
          key: 'deliveries',
          label: 'Delivery log',
          children: <DeliveryLog reloadKey={deliveriesKey} healthOf={healthOf} />,
        },
        {
          key: 'inspector',
          label: <span data-testid="postback-tab-inspector">Inspector</span>,
          children: <InspectorPanel />,
        },
        {
          key: 'secret',
          label: <span data-testid="postback-tab-secret">Signing secret</span>,
          children: (
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <SigningSecretPanel />
              <VerifySignaturePanel />
            </Space>
          ),
        },
      ]}
    />
  );
}

/** Asks before deleting a postback; a refusal reads as the catalogue's delete message. */
function DeletePostbackDialog({
  postback,
  onDone,
  onClose,
}: {
  postback: Postback | null;
  onDone(): void;
  onClose(): void;
}) {
  return (
    <ConfirmDialog
      open={postback !== null}
      title="Delete postback"
      confirmText="Delete"
      errorMessage={MESSAGES.errorDeletingPostback}
      doneText={`Postback “${postback?.postbackName ?? ''}” deleted`}
      onConfirm={() =>
        api
          .call('/postback/deletePostback', { postbackID: postback?.postbackID ?? 0 })
          .then((a) =>
            a.status === 'ok' ? a : { ...a, details: { message: MESSAGES.errorDeletingPostback } },
          )
      }
      onDone={onDone}
      onClose={onClose}
    >
      Delete the postback “{postback?.postbackName}”? Leads will no longer be reported to its URL.
    </ConfirmDialog>
  );
}
