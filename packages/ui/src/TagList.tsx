import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** Tags side by side with a small gap, wrapping on narrow screens (antd 6 tags have no margin). */
export function TagList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Flex component="span" gap={4} wrap data-testid={testId}>
      {children}
    </Flex>
  );
}
