import { theme } from 'antd';

/**
 * Preformatted text in the theme's code font and fill: code scrolls sideways; `wrap` breaks long
 * lines instead (a request's headers and body inside a table, which must not widen it).
 */
export function CodeBlock({
  text,
  testId,
  maxHeight,
  wrap = false,
}: {
  text: string;
  testId?: string;
  maxHeight?: number;
  wrap?: boolean;
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
        whiteSpace: wrap ? 'pre-wrap' : 'pre',
        wordBreak: wrap ? 'break-all' : 'normal',
      }}
    >
      {text}
    </pre>
  );
}
