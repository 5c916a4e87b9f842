/**
 * The "Verify a signature" samples of the Postback screen: the Standard Webhooks check of a Leadmesh
 * postback in JavaScript (Node), PHP and Python, each with no library, so the same code works on GET
 * postbacks (signed over their URL) and POST ones (signed over their JSON body). The JavaScript and
 * Python samples are run against real deliveries in `worker/src/signature-samples.test.ts`.
 */
export interface SignatureSample {
  language: 'javascript' | 'php' | 'python';
  label: string;
  code: string;
}

const js = `// Node.js 18+: check a Leadmesh postback's Standard Webhooks signature.
const { createHmac, timingSafeEqual } = require('node:crypto');

// headers: the request's headers, lower-case names (Node's req.headers).
// payload: a GET postback: your public origin + the path and query as received,
//            e.g. 'https://tracker.example.com' + req.url
//          a POST (JSON) postback: the raw body text, before any parsing.
function verifyLeadmesh(secret, headers, payload) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (!id || !timestamp || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${payload}\`).digest();
  return (headers['webhook-signature'] || '').split(' ').some((signature) => {
    const given = Buffer.from(signature.startsWith('v1,') ? signature.slice(3) : '', 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
`;

const php = `<?php
// PHP 7.4+: check a Leadmesh postback's Standard Webhooks signature.
// $headers: array_change_key_case(getallheaders(), CASE_LOWER)
// $payload: a GET postback: your public origin . $_SERVER['REQUEST_URI'],
//             e.g. 'https://tracker.example.com' . $_SERVER['REQUEST_URI']
//           a POST (JSON) postback: file_get_contents('php://input'), before json_decode.
function verify_leadmesh(string $secret, array $headers, string $payload): bool {
    $id = $headers['webhook-id'] ?? '';
    $timestamp = $headers['webhook-timestamp'] ?? '';
    if ($id === '' || !ctype_digit($timestamp) || abs(time() - (int) $timestamp) > 300) return false;
    $key = base64_decode(preg_replace('/^whsec_/', '', $secret));
    $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$payload", $key, true));
    foreach (explode(' ', $headers['webhook-signature'] ?? '') as $signature) {
        if (substr($signature, 0, 3) === 'v1,' && hash_equals($expected, substr($signature, 3))) return true;
    }
    return false;
}
`;

const python = `# Python 3.9+: check a Leadmesh postback's Standard Webhooks signature.
import base64, hashlib, hmac, time

# headers: the request's headers with lower-case names.
# payload: a GET postback: your public origin + the path and query as received,
#            e.g. "https://tracker.example.com" + request.full_path
#          a POST (JSON) postback: the raw body text, before json.loads.
def verify_leadmesh(secret, headers, payload):
    msg_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    if not msg_id or not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.{payload}".encode()
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(
        signature.startswith("v1,") and hmac.compare_digest(signature[3:], expected)
        for signature in headers.get("webhook-signature", "").split(" ")
    )
`;

/** The three samples, in the order the screen shows them. */
export const SIGNATURE_SAMPLES: readonly SignatureSample[] = [
  { language: 'javascript', label: 'JavaScript (Node)', code: js },
  { language: 'php', label: 'PHP', code: php },
  { language: 'python', label: 'Python', code: python },
];
