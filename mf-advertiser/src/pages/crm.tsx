import { api } from '@leadmesh/api-client';
import type { Crm, CrmData, CrmWithHealth, Envelope } from '@leadmesh/schema';
import {
  CRM_FORMS,
  CRM_TYPES,
  type CrmFieldSpec,
  type CrmType,
  crmDataIssues,
  crmForm,
  crmLabel,
  MESSAGES,
} from '@leadmesh/schema/constants';
import { useSessionStore } from '@leadmesh/session';
import {
  ConfirmDialog,
  CopyField,
  EndpointHealthNotice,
  EndpointStateTag,
  errorText,
  type ListColumn,
  ListTable,
  LoadingDialog,
  type LoadingDialogState,
  RequiredTextItem,
  type RowAction,
  requiredTextRule,
  Screen,
  TestCrmTag,
  useFeedback,
  useList,
  ViewStyles,
} from '@leadmesh/ui';
import { Alert, Button, Card, Form, type FormRule, Input, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';

const TYPE_OPTIONS = CRM_TYPES.map((t) => ({ value: t, label: crmLabel(t) }));

interface CrmFormValues {
  CRMName: CrmType;
  CRMFriendlyName: string;
  data: CrmData;
}

/** A field's rules: its required message, then what the type's checks say of the value as typed. */
function fieldRules(type: CrmType, spec: CrmFieldSpec, editing: boolean): FormRule[] {
  const rules: FormRule[] = [];
  const missing = spec.missing?.[editing ? 'edit' : 'add'];
  if (spec.required) rules.push(requiredTextRule(missing));
  rules.push(({ getFieldValue }) => ({
    validator(_rule, value: unknown) {
      if (!value) return Promise.resolve();
      const data = (getFieldValue('data') ?? {}) as Record<string, string>;
      const issue = crmDataIssues(type, { ...data, [spec.name]: String(value) }, editing).find(
        (i) => i.field === spec.name && i.message !== missing,
      );
      return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
    },
  }));
  return rules;
}

/** The fields of one CRM type (its form in @leadmesh/crm), each with its label, messages and help. */
function CrmFields({ type, editing }: { type: CrmType; editing: boolean }) {
  const form = crmForm(type);
  if (!form) return null;
  return (
    <>
      {form.notice && (
        <Alert
          type="info"
          showIcon
          title={form.notice}
          data-testid="crm-notice"
          style={{ marginBottom: 12 }}
        />
      )}
      {form.fields.map((spec) => (
        <Form.Item
          key={`${type}-${spec.name}`}
          label={spec.required ? spec.label : `${spec.label} (optional)`}
          name={['data', spec.name]}
          extra={spec.help}
          rules={fieldRules(type, spec, editing)}
          dependencies={form.check ? form.fields.map((f) => ['data', f.name]) : undefined}
        >
          <Input
            data-testid={`crm-field-${spec.name}`}
            autoComplete="off"
            inputMode={spec.kind === 'integer' ? 'numeric' : undefined}
            placeholder={spec.placeholder}
            maxLength={spec.maxLength}
          />
        </Form.Item>
      ))}
    </>
  );
}

/** The add form's starting values of a type (the sandbox's default delay and shares). */
const initialData = (type: CrmType): Record<string, string> =>
  Object.fromEntries(
    (CRM_FORMS[type].fields as readonly CrmFieldSpec[]).flatMap((f) =>
      f.initial ? [[f.name, f.initial]] : [],
    ),
  );

const fail = { status: 'error' as const, data: 'SERVER_ERROR' as const };

/**
 * A CRM save (add or edit): busy while the call runs, then `onSaved` with the saved CRM, or the
 * reason in the form: the server's words, or the screen's message when the server was not reached.
 */
function useCrmSave(messages: { serverError: string; refused: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (call: () => Promise<Envelope<Crm>>, onSaved: (crm: Crm) => void) => {
    setBusy(true);
    setError(null);
    const answer = await call().catch(() => fail);
    setBusy(false);
    if (answer.status === 'ok') onSaved(answer.data);
    else if (answer.data === 'SERVER_ERROR') setError(messages.serverError);
    else setError(errorText(answer, messages.refused));
  };
  return { busy, error, setError, save };
}

/** The Add CRM panel (dashboards §2): its fields reset after a successful save. */
function AddCrmPanel({ advertiserID, onSaved }: { advertiserID: number; onSaved(): void }) {
  const [form] = Form.useForm<CrmFormValues>();
  const type = Form.useWatch('CRMName', form) ?? 'bitrix24';
  const feedback = useFeedback();
  const { busy, error, save } = useCrmSave({
    serverError: MESSAGES.crmAddServerError,
    refused: MESSAGES.crmAddFailed,
  });
  const submit = (values: CrmFormValues) =>
    save(
      () =>
        api.call('/partners/addCRM', {
          CRMName: values.CRMName,
          CRMFriendlyName: values.CRMFriendlyName,
          CRMData: values.data ?? {},
          advertiserID,
        }),
      (crm) => {
        form.resetFields();
        form.setFieldValue('data', initialData(form.getFieldValue('CRMName') ?? 'bitrix24'));
        // The kit's toast, as every other save confirms (decision 0066).
        feedback.done(`CRM “${crm.friendlyName}” added`);
        onSaved();
      },
    );
  return (
    <Card size="small" title="Add CRM" data-testid="crm-add-panel">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ CRMName: 'bitrix24', data: initialData('bitrix24') }}
        style={{ maxWidth: 520 }}
      >
        <Form.Item label="CRM type" name="CRMName">
          <Select
            data-testid="crm-type"
            options={TYPE_OPTIONS}
            onChange={(next: CrmType) => form.setFieldValue('data', initialData(next))}
          />
        </Form.Item>
        <RequiredTextItem
          label="Friendly name"
          name="CRMFriendlyName"
          missing={MESSAGES.crmFriendlyNameEmpty}
        >
          <Input data-testid="crm-friendly-name" placeholder="e.g. Main sales CRM" maxLength={100} />
        </RequiredTextItem>
        <CrmFields type={type} editing={false} />
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            data-testid="crm-add-error"
            style={{ marginBottom: 12 }}
          />
        )}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="crm-add-save">
          Save CRM
        </Button>
      </Form>
    </Card>
  );
}

/** Edit a CRM: the type is locked; secrets arrive masked and a masked value keeps the stored one. */
function EditCrmDialog({
  crm,
  advertiserID,
  onClose,
  onSaved,
}: {
  crm: Crm | null;
  advertiserID: number;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<CrmFormValues>();
  const feedback = useFeedback();
  const { busy, error, setError, save } = useCrmSave({
    serverError: MESSAGES.crmEditError,
    refused: MESSAGES.crmEditCheckInfo,
  });
  useEffect(() => {
    setError(null);
    if (crm)
      form.setFieldsValue({
        CRMName: crm.name as CrmType,
        CRMFriendlyName: crm.friendlyName,
        data: crm.data,
      });
  }, [crm, form, setError]);
  if (!crm) return null;
  const submit = (values: CrmFormValues) =>
    save(
      () =>
        api.call('/partners/editCRM', {
          ID: crm.ID,
          CRMFriendlyName: values.CRMFriendlyName,
          CRMData: values.data ?? {},
          advertiserID,
        }),
      (saved) => {
        feedback.done(`CRM “${saved.friendlyName}” saved`);
        onSaved();
        onClose();
      },
    );
  return (
    <Modal
      open
      title={`Edit ${crm.friendlyName}`}
      onCancel={onClose}
      okText="Save"
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy, 'data-testid': 'crm-edit-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="crm-edit-form">
        <Form.Item label="CRM type" name="CRMName" extra="The type of a CRM cannot be changed.">
          <Select disabled data-testid="crm-edit-type" options={TYPE_OPTIONS} />
        </Form.Item>
        <RequiredTextItem
          label="Friendly name"
          name="CRMFriendlyName"
          missing={MESSAGES.crmFriendlyNameEmpty}
        >
          <Input data-testid="crm-edit-name" maxLength={100} />
        </RequiredTextItem>
        <CrmFields type={crm.name as CrmType} editing />
        {error && <Alert type="error" showIcon title={error} data-testid="crm-edit-error" />}
      </Form>
    </Modal>
  );
}

type LinkState = LoadingDialogState<{ phase: 'form'; lines: string[] }>;

/** Get handler URL / Get postback URL (dashboards §2): loading, error with Close, or the link. */
function IntegrationLinkDialog({
  crm,
  advertiserID,
  onClose,
}: {
  crm: Crm | null;
  advertiserID: number;
  onClose(): void;
}) {
  const [state, setState] = useState<LinkState>({ phase: 'loading' });
  useEffect(() => {
    if (!crm) return;
    let live = true;
    setState({ phase: 'loading' });
    api
      .call('/partners/getCRMIntegrationLink', { advertiserID, ID: crm.ID })
      .catch(() => fail)
      .then((answer) => {
        if (!live) return;
        if (answer.status === 'ok')
          setState({ phase: 'form', lines: Array.isArray(answer.data) ? answer.data : [answer.data] });
        else setState({ phase: 'error', message: MESSAGES.crmLinkFailed });
      });
    return () => {
      live = false;
    };
  }, [crm, advertiserID]);
  if (!crm) return null;
  const label = crmForm(crm.name)?.linkLabel ?? 'Get handler URL';
  const what = label.replace(/^Get /, '').replace(/^./, (c) => c.toUpperCase());
  return (
    <LoadingDialog
      title={`${what} of ${crm.friendlyName}`}
      onClose={onClose}
      state={state}
      testId="crm-link-dialog"
      closeTestId="crm-link-close"
      errorTestId="crm-link-error"
    >
      {({ lines }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {lines.slice(0, -1).map((line) => (
            <Typography.Paragraph key={line} style={{ margin: 0 }}>
              {line}
            </Typography.Paragraph>
          ))}
          <CopyField text={lines[lines.length - 1]} what={what} testId="crm-link" />
        </Space>
      )}
    </LoadingDialog>
  );
}

/** The CRM list's columns: the name with its test and health tags (the column a phone shows), the type. */
function crmColumns({
  advertiserID,
  reload,
}: {
  advertiserID: number;
  reload(): void;
}): ListColumn<CrmWithHealth>[] {
  return [
    {
      title: 'CRM Name',
      dataIndex: 'friendlyName',
      // The test tag beside the name: the column a phone shows.
      render: (name: string, crm) => (
        <div style={{ maxWidth: 520 }}>
          <Space size={4} wrap>
            <span data-testid="crm-row-name">{name}</span>
            <TestCrmTag type={crm.name} />
            <EndpointStateTag health={crm.health} />
          </Space>
          <EndpointHealthNotice
            health={crm.health}
            what={`the CRM “${name}”`}
            onReenable={() => api.call('/partners/enableCRM', { ID: crm.ID, advertiserID })}
            onDone={reload}
          />
        </div>
      ),
    },
    {
      title: 'CRM Type',
      dataIndex: 'name',
      phone: true,
      render: (t: string) => crmForm(t)?.label ?? t,
    },
  ];
}

/** A CRM's actions: its type's integration-link button, Edit, and Delete last. */
function crmActions(
  crm: Crm,
  { onLink, onEdit, onDelete }: { onLink(crm: Crm): void; onEdit(crm: Crm): void; onDelete(crm: Crm): void },
): RowAction[] {
  return [
    {
      key: 'link',
      testId: 'crm-link-open',
      label: crmForm(crm.name)?.linkLabel ?? 'Get handler URL',
      onClick: () => onLink(crm),
    },
    { key: 'edit', testId: 'crm-edit', label: 'Edit', onClick: () => onEdit(crm) },
    { key: 'delete', testId: 'crm-delete', label: 'Delete', danger: true, onClick: () => onDelete(crm) },
  ];
}

/**
 * The advertiser's CRM screen (dashboards §2): the CRMs (CRM Name, CRM Type) with Edit, Delete
 * and the type's integration-link button, and the Add CRM panel.
 */
export function CrmScreen({ path }: { path: string }) {
  const advertiserID = useSessionStore((s) => s.userData?.AdvertiserInfo?.ID) ?? 0;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Crm | null>(null);
  const [deleting, setDeleting] = useState<Crm | null>(null);
  const [linking, setLinking] = useState<Crm | null>(null);

  // One answer holds every CRM of the advertiser (no paging).
  const controller = useList<CrmWithHealth>(() => api.call('/partners/getAllCRMs', {}).catch(() => fail), {
    paged: false,
  });
  const reload = controller.list.reload;

  const remove = async (): Promise<Envelope<unknown>> => {
    const answer = await api
      .call('/partners/deleteCRM', { ID: deleting?.ID ?? 0, advertiserID })
      .catch(() => fail);
    if (answer.status === 'ok') return answer;
    const message = answer.data === 'CONFLICT' ? MESSAGES.crmDeleteInUse : MESSAGES.crmDeleteError;
    return { status: 'error', data: answer.data, details: { message } };
  };

  return (
    <Screen path={path}>
      <ViewStyles />
      <div className="lm-toolbar">
        <Button
          type={adding ? 'default' : 'primary'}
          data-testid="crm-add-toggle"
          onClick={() => setAdding((v) => !v)}
        >
          {adding ? 'Close panel' : 'Add CRM'}
        </Button>
      </div>
      {adding && <AddCrmPanel advertiserID={advertiserID} onSaved={reload} />}
      <Card size="small" title="Your CRMs">
        <ListTable<CrmWithHealth>
          controller={controller}
          testId="crm-table"
          emptyText="No CRM connected yet. Add one so your leads reach your sales team."
          columns={crmColumns({ advertiserID, reload })}
          rowActions={(crm) =>
            crmActions(crm, { onLink: setLinking, onEdit: setEditing, onDelete: setDeleting })
          }
        />
      </Card>
      <EditCrmDialog
        crm={editing}
        advertiserID={advertiserID}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <IntegrationLinkDialog crm={linking} advertiserID={advertiserID} onClose={() => setLinking(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete CRM"
        confirmText="Delete"
        errorMessage={MESSAGES.crmDeleteError}
        doneText={`CRM “${deleting?.friendlyName ?? ''}” deleted`}
        onConfirm={remove}
        onDone={reload}
        onClose={() => setDeleting(null)}
      >
        Delete “{deleting?.friendlyName}”? Offers that deliver to it must be moved to another CRM first.
      </ConfirmDialog>
    </Screen>
  );
}
