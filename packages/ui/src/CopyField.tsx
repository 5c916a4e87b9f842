import { Button, Typography } from 'antd';
import { useFeedback } from './feedback.tsx';

/**
 * A value to copy (a token, an integration link) with a Copy button whose toast says what was
 * copied, or to copy it by hand when the browser refuses (issue 16: nothing fails silently; antd's
 * own copy icon says nothing when the copy fails).
 */
export function CopyField({ text, what, testId }: { text: string; what: string; testId?: string }) {
  const feedback = useFeedback();
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <Typography.Paragraph code data-testid={testId} style={{ wordBreak: 'break-all', margin: 0, flex: 1 }}>
        {text}
      </Typography.Paragraph>
      <Button
        size="small"
        aria-label={`Copy the ${what.toLowerCase()}`}
        data-testid={testId ? `${testId}-copy` : undefined}
        onClick={() => void feedback.copy(text, what)}
      >
        Copy
      </Button>
    </div>
  );
}
