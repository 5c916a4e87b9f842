import { MESSAGES } from '@leadmesh/schema/constants';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { refusalText } from '../feedback.tsx';
import { NotVerifiedNotice } from '../NotVerifiedNotice.tsx';
import { Screen, ViewStyles } from './frame.tsx';

/** The one unverified wall, drawn without antd so the shell can draw it too (decision 0062). */
export { NotVerifiedNotice as NotVerified } from '../NotVerifiedNotice.tsx';
// Kept apart so the dashboard's first screen draws them without antd (decision 0064).
export { isNotVerified, Screen, VIEW_CSS, ViewStyles } from './frame.tsx';

/**
 * A view's frame with the views' styles; only the unverified wall instead, once the server has
 * refused the account for not being verified (the view would have nothing to show).
 */
export function ViewScreen({
  path,
  notVerified,
  children,
}: {
  path: string;
  notVerified: boolean;
  children: ReactNode;
}) {
  if (notVerified) {
    return (
      <Screen path={path}>
        <NotVerifiedNotice />
      </Screen>
    );
  }
  return (
    <Screen path={path}>
      <ViewStyles />
      {children}
    </Screen>
  );
}

/** The message of an error answer with the server's reasons (the kit's `refusalText`). */
export const errorText = refusalText;

/** A load that failed: the spec's message and a Retry button. */
export function LoadError({
  message = MESSAGES.errorFetchingData,
  onRetry,
  testId = 'load-error',
}: {
  message?: string;
  onRetry(): void;
  testId?: string;
}) {
  return (
    <Result
      status="warning"
      data-testid={testId}
      title={<span style={{ whiteSpace: 'pre-line' }}>{message}</span>}
      extra={
        <Button type="primary" data-testid={`${testId}-retry`} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
