import type { Domain } from '@leadmesh/schema';
import { bareDomainHost, checkDomainName, MESSAGES } from '@leadmesh/schema';
import { Field, FormDialog, useFeedback } from '@leadmesh/ui';
import { Alert, Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { api, errorText, useUserId } from '../../lib/screen.tsx';

/** A domain name typed without its scheme (`http://` stands before it). */
function DomainNameInput({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(v: string): void;
  testId: string;
}) {
  return (
    <Input
      data-testid={testId}
      addonBefore="http://"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * The Add domain panel (admin §2, §5): the admin's own internal domain; a refusal stays under the
 * field. Closing hides it and keeps what was typed.
 */
export function AddDomainPanel({ open, onAdded }: { open: boolean; onAdded(): void }) {
  const me = useUserId();
  const feedback = useFeedback();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setError(null);
    if (me === null) return setError(MESSAGES.domainNotLoggedIn);
    const check = checkDomainName(name, 'adminAdd');
    if (!check.ok) return setError(check.message);
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
      onAdded();
    } else if (answer.data === 'SERVER_ERROR') {
      setError('A server error occured while trying to add a domain!');
    } else {
      // The server's reason (a duplicate, a bad name), else admin §5's text.
      setError(errorText(answer, 'There was an error while adding domain!'));
    }
  };

  if (!open) return null;
  return (
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
          <DomainNameInput testId="domain-add-name" value={name} onChange={setName} />
          <Button type="primary" htmlType="submit" loading={busy} data-testid="domain-add-submit">
            Add
          </Button>
        </Space.Compact>
      </Field>
      {error && <Alert data-testid="domain-add-result" type="error" title={error} />}
    </form>
  );
}

/** Rename a domain; the row is fetched again after the change. */
export function EditDomainDialog({
  domain,
  onSaved,
  onClose,
}: {
  domain: Domain | null;
  onSaved(domain: Domain): void;
  onClose(): void;
}) {
  const feedback = useFeedback();
  const [name, setName] = useState('');
  useEffect(() => {
    if (domain) setName(bareDomainHost(domain.DomainName));
  }, [domain]);

  const submit = async () => {
    if (!domain) return null;
    const check = checkDomainName(name, 'edit');
    if (!check.ok) return check.message;
    const answer = await api.call('/domains/editDomain', {
      ID: domain.ID,
      DomainName: name.trim(),
      BoundUser: domain.BoundUser,
    });
    if (answer.status !== 'ok') return answer;
    const again = await api.call('/domains/getDomainByID', { ID: domain.ID });
    if (again.status !== 'ok') return 'There was an error while getting the new domain!';
    onSaved(again.data);
    feedback.done(`Domain renamed to ${bareDomainHost(again.data.DomainName)}`);
    return null;
  };

  return (
    <FormDialog
      open={domain !== null}
      title={`Edit domain ${domain?.DomainName ?? ''}`}
      onSubmit={submit}
      onClose={onClose}
      errorMessage={MESSAGES.failedEditDomain}
      testId="domain-edit"
    >
      <Field label="Domain name">
        <DomainNameInput testId="domain-edit-name" value={name} onChange={setName} />
      </Field>
    </FormDialog>
  );
}
