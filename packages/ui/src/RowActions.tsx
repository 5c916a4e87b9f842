import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick(): void;
  /** Hidden when false (a button the row or the caller does not get). */
  show?: boolean;
  danger?: boolean;
  type?: ButtonProps['type'];
  /** The accessible name when the label alone is ambiguous in a list (e.g. "Edit user bob"). */
  ariaLabel?: string;
}

/**
 * A row's buttons: small, wrapping, each reachable with Tab and named for screen readers.
 * `data-testid` is `row-<key>`.
 */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="row-actions">
      {actions
        .filter((a) => a.show !== false)
        .map((a) => (
          <Button
            key={a.key}
            size="small"
            type={a.type}
            danger={a.danger}
            data-testid={`row-${a.key}`}
            aria-label={a.ariaLabel}
            onClick={a.onClick}
          >
            {a.label}
          </Button>
        ))}
    </div>
  );
}
