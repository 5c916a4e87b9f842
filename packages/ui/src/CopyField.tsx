import { Button, Typography } from 'antd';
import { useFeedback } from './feedback.tsx';

/**
 * A Copy button whose toast says what was copied, or to copy it by hand when the browser refuses
 * (issue 16: nothing fails silently; antd's own copy icon says nothing when the copy fails). For a
 * value shown elsewhere (a code sample in its own block); `CopyField` shows the value beside it.
 */
export function CopyButton({
  text,
  what,
  testId,
  label = 'Copy',
}: {
  text: string;
  what: string;
  testId?: string;
  label?: string;
}) {
  const feedback = useFeedback();
  return (
    <Button
      size="small"
      aria-label={`Copy the ${what.toLowerCase()}`}
      data-testid={testId}
      onClick={() => void feedback.copy(text, what)}
    >
      {label}
    </Button>
  );
}

/** A value to copy (a token, an integration link, a secret) shown whole, with a `CopyButton` beside it. */
export function CopyField({ text, what, testId }: { text: string; what: string; testId?: string }) {
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <Typography.Paragraph code data-testid={testId} style={{ wordBreak: 'break-all', margin: 0, flex: 1 }}>
        {text}
      </Typography.Paragraph>
      <CopyButton text={text} what={what} testId={testId ? `${testId}-copy` : undefined} />
    </div>
  );
}
