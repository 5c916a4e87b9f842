import { SIGNATURE_SAMPLES } from '@leadmesh/schema';
import { Card, Tabs, Typography } from 'antd';
import { CopyButton } from '../../CopyField.tsx';
import { CodeBlock } from './CodeBlock.tsx';

/**
 * How a receiver checks a postback's signature: short JavaScript, PHP and Python samples without a
 * library (tested against real deliveries), and what the official libraries need.
 */
export function VerifySignaturePanel() {
  return (
    <Card size="small" title="Verify a signature" data-testid="verify-panel">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        A GET postback is signed over its full URL as you receive it (your public address followed by the path
        and query); a POST (JSON) postback over its raw body. Refuse a postback whose check fails, and drop
        one whose webhook-id you have seen already (a retry).
      </Typography.Paragraph>
      <Tabs
        size="small"
        items={SIGNATURE_SAMPLES.map((sample) => ({
          key: sample.language,
          label: sample.label,
          children: (
            <div data-testid={`verify-sample-${sample.language}`}>
              <div style={{ marginBottom: 4 }}>
                <CopyButton
                  text={sample.code}
                  what={`${sample.label} sample`}
                  label="Copy the code"
                  testId={`verify-sample-${sample.language}-copy`}
                />
              </div>
              <CodeBlock text={sample.code} />
            </div>
          ),
        }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        The official Standard Webhooks libraries verify POST (JSON) postbacks as they are. They parse the
        payload as JSON after the check, which fails on a GET postback's URL: in JavaScript pass{' '}
        <Typography.Text code>{'{ jsonParse: false }'}</Typography.Text> to verify, elsewhere use the code
        above or choose POST (JSON) delivery for the postback.
      </Typography.Paragraph>
    </Card>
  );
}
