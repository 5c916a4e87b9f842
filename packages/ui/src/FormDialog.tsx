import type { Envelope } from '@leadmesh/schema';
import { Alert, Button, Input, type InputProps, Modal } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { refusalText, useFeedback } from './feedback.tsx';

/** What a form's submit answers: null or an ok envelope closes the dialog; a text or an error envelope stays open showing it. */
export type FormOutcome = string | null | Envelope<unknown>;

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  submitText?: string;
  /** Runs the form: check the fields (answer the first message), then call the API. */
  onSubmit(): Promise<FormOutcome> | FormOutcome;
  /** After a success (update the list). */
  onDone?(): void;
  /** What a success did, shown as a toast once the dialog closes ("Offer saved"). */
  doneText?: string;
  onClose(): void;
  /** The message of an error envelope that carries none. */
  errorMessage?: string;
  /** A hint shown under the error (e.g. the TAX/VAT numbers an invoice needs). */
  errorHint?: ReactNode;
  children: ReactNode;
  width?: number;
  /** `data-testid` of the dialog body. */
  testId?: string;
  danger?: boolean;
}

/**
 * A form in a dialog: Enter or the submit button runs `onSubmit`; while it runs the buttons wait;
 * a failure shows one message above the buttons and keeps what was typed; a success closes.
 */
export function FormDialog({
  open,
  title,
  submitText = 'Save',
  onSubmit,
  onDone,
  onClose,
  doneText,
  errorMessage = 'Server timed out!',
  errorHint,
  children,
  width = 520,
  testId = 'form-dialog',
  danger,
}: FormDialogProps) {
  const formId = useId();
  const { busy, error, submit } = useFormSubmit({ open, onSubmit, onDone, onClose, doneText, errorMessage });

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={() => !busy && onClose()}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-testid="form-cancel" disabled={busy} onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="submit"
          type="primary"
          danger={danger}
          data-testid="form-submit"
          loading={busy}
          htmlType="submit"
          form={formId}
        >
          {submitText}
        </Button>,
      ]}
    >
      <form
        id={formId}
        data-testid={testId}
        data-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {children}
        {error && (
          <Alert
            type="error"
            showIcon
            data-testid="form-error"
            title={error}
            description={errorHint}
            style={{ marginTop: 12 }}
          />
        )}
      </form>
    </Modal>
  );
}

/**
 * A FormDialog's submit: one run at a time; a thrown error reads as a server error; a text or a
 * refusal stays as the message; a success toasts, tells the caller and closes. Opening clears the message.
 */
function useFormSubmit({
  open,
  onSubmit,
  onDone,
  onClose,
  doneText,
  errorMessage,
}: Pick<FormDialogProps, 'open' | 'onSubmit' | 'onDone' | 'onClose' | 'doneText'> & {
  errorMessage: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feedback = useFeedback();
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    let outcome: FormOutcome;
    try {
      outcome = await onSubmit();
    } catch {
      outcome = { status: 'error', data: 'SERVER_ERROR' };
    }
    setBusy(false);
    if (typeof outcome === 'string') {
      setError(outcome);
      return;
    }
    if (outcome && outcome.status !== 'ok') {
      setError(refusalText(outcome, errorMessage));
      return;
    }
    if (doneText) feedback.done(doneText);
    onDone?.();
    onClose();
  };

  return { busy, error, submit };
}

/** A labelled field of a FormDialog: the label names the input for screen readers. */
export function Field({
  label,
  children,
  hint,
}: {
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
    <label style={{ display: 'block', marginBottom: 10 }}>
      <div style={{ fontSize: 12, opacity: 0.75, marginBottom: 3 }}>{label}</div>
      {children}
      {hint && <div style={{ fontSize: 12, opacity: 0.65, marginTop: 2 }}>{hint}</div>}
    </label>
  );
}

/**
 * A labelled text input of a FormDialog: it hands back the text as typed and is found by the
 * browser tests by `testId`; the rest (`maxLength`, `type`, `prefix`...) goes to the input.
 */
export function TextField({
  label,
  hint,
  testId,
  value,
  onChange,
  ...input
}: {
  label: ReactNode;
  hint?: ReactNode;
  testId: string;
  value: string;
  onChange(value: string): void;
} & Omit<InputProps, 'value' | 'onChange'>) {
  return (
    <Field label={label} hint={hint}>
      <Input data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </Field>
  );
}
