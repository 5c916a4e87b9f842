import {
  CRM_SECRET_FIELDS,
  CRM_UNCHANGED,
  type CrmDataField,
  type CrmDataRecord,
  type CrmType,
} from '@leadmesh/crm';
import { isMasked, MASK, maskSecret, type SecretBox } from '../secrets.ts';

export type { CrmDataRecord };

const context = (field: CrmDataField) => `crm.${field}`;
const isSecret = (type: CrmType, field: string): field is CrmDataField =>
  (CRM_SECRET_FIELDS[type] as readonly string[]).includes(field);

/** Seals the type's secret fields of plain CRM data for storage; empty fields are dropped. */
export function sealCrmData(box: SecretBox, type: CrmType, plain: CrmDataRecord): CrmDataRecord {
  const stored: CrmDataRecord = {};
  for (const [field, value] of Object.entries(plain) as [CrmDataField, string | undefined][]) {
    if (!value) continue;
    stored[field] = isSecret(type, field) ? box.seal(value, context(field)) : value;
  }
  return stored;
}

/** Opens the sealed fields of stored CRM data (throws `SecretUnreadable` when the key is missing). */
export function openCrmData(box: SecretBox, type: CrmType, stored: Record<string, unknown>): CrmDataRecord {
  const plain: CrmDataRecord = {};
  for (const [field, value] of Object.entries(stored ?? {})) {
    if (typeof value !== 'string' || value === '') continue;
    plain[field as CrmDataField] = isSecret(type, field) ? box.open(value, context(field)) : value;
  }
  return plain;
}

/**
 * A bitrix24 inbound webhook URL with its secret code masked: `https://x.bitrix24.com/rest/1/••••k3yz/`.
 * Other URLs keep their origin only.
 */
export function maskWebhookUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const parts = parsed.pathname.split('/');
    const rest = parts.indexOf('rest');
    if (rest >= 0 && parts.length > rest + 2 && parts[rest + 2]) {
      parts[rest + 2] = maskSecret(parts[rest + 2]) || MASK;
      return `${parsed.origin}${parts.join('/')}`;
    }
    return `${parsed.origin}/${MASK}`;
  } catch {
    return MASK;
  }
}

/** One secret field as answers show it. */
export function maskCrmField(field: CrmDataField, plain: string): string {
  return field === 'inboundURL' ? maskWebhookUrl(plain) : maskSecret(plain) || MASK;
}

/**
 * Stored CRM data as answers show it: secret fields masked. A value that cannot be opened (a
 * key this process lacks) shows as the bare mask instead of failing the whole list.
 */
export function maskCrmData(box: SecretBox, type: CrmType, stored: Record<string, unknown>): CrmDataRecord {
  const shown: CrmDataRecord = {};
  for (const [field, value] of Object.entries(stored ?? {})) {
    if (typeof value !== 'string' || value === '') continue;
    if (!isSecret(type, field)) {
      shown[field as CrmDataField] = value;
      continue;
    }
    try {
      shown[field] = maskCrmField(field, box.open(value, context(field)));
    } catch {
      shown[field] = MASK;
    }
  }
  return shown;
}

/**
 * Whether an edit keeps a stored secret: left out, `unchanged`, or sent back masked (a masked
 * webhook URL holds the mask inside; no real secret or URL contains it).
 */
export function keepsSecret(value: string | undefined): boolean {
  return value === undefined || value === CRM_UNCHANGED || isMasked(value) || value.includes(MASK);
}

/**
 * The plain data an edit results in: secret fields the edit keeps take the stored value, the
 * other fields are as sent (a field left out is cleared).
 */
export function mergeCrmEdit(type: CrmType, storedPlain: CrmDataRecord, edit: CrmDataRecord): CrmDataRecord {
  const result: CrmDataRecord = {};
  const fields = new Set<CrmDataField>([
    ...(Object.keys(edit) as CrmDataField[]),
    ...(CRM_SECRET_FIELDS[type] as CrmDataField[]),
  ]);
  for (const field of fields) {
    const sent = edit[field];
    const value = isSecret(type, field) && keepsSecret(sent) ? storedPlain[field] : sent;
    if (value) result[field] = value;
  }
  return result;
}
