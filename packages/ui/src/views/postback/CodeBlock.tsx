import { theme } from 'antd';

/** Preformatted text (code, a request's body or headers) in the theme's code font and fill, scrolling sideways. */
export function CodeBlock({
  text,
  testId,
  maxHeight,
}: {
  text: string;
  testId?: string;
  maxHeight?: number;
}) {
  const { token } = theme.useToken();
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        padding: '8px 12px',
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
        fontFamily: token.fontFamilyCode,
        fontSize: 12,
        lineHeight: 1.5,
        overflow: 'auto',
        maxHeight,
        whiteSpace: 'pre',
      }}
    >
      {text}
    </pre>
  );
}
