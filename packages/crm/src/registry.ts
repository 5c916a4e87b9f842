import { bitrix24Form } from './bitrix24/form.ts';
import type { CrmDataIssue, CrmFieldSpec, CrmForm, CrmMappedStatus } from './define.ts';
import { kmacrmForm } from './kmacrm/form.ts';
import { leadvertexForm } from './leadvertex/form.ts';
import { sandboxForm } from './sandbox/form.ts';
import { scalecrmForm } from './scalecrm/form.ts';

/**
 * Every CRM type, one line each: a new CRM is a folder beside these and its line here (the
 * compiler then asks for its adapter's line in `server.ts`). The order is the form's.
 */
export const CRM_FORMS = {
  bitrix24: bitrix24Form,
  leadvertex: leadvertexForm,
  scalecrm: scalecrmForm,
  kmacrm: kmacrmForm,
  sandbox: sandboxForm,
} as const;

/** A CRM type as stored (`crms.type`) and sent (`CRMName`). */
export type CrmType = keyof typeof CRM_FORMS;
/** The name of a data field of some CRM type. */
export type CrmDataField = (typeof CRM_FORMS)[CrmType]['fields'][number]['name'];
/** A CRM's data as the database keeps it (secret fields sealed) or as code uses it (opened). */
export type CrmDataRecord = Partial<Record<CrmDataField, string>>;

/** The CRM types, in the form's order. */
export const CRM_TYPES = Object.keys(CRM_FORMS) as [CrmType, ...CrmType[]];

/** The form of a type (undefined for a name that is no type). */
export function crmForm(type: string): CrmForm | undefined {
  return Object.hasOwn(CRM_FORMS, type) ? CRM_FORMS[type as CrmType] : undefined;
}

/** The name of a CRM type for people, "(test CRM)" after a test CRM's; a name that is no type shows as it is. */
export function crmLabel(type: string): string {
  const form = crmForm(type);
  if (!form) return type;
  return form.test ? `${form.label} (test CRM)` : form.label;
}

/** Whether a type is a built-in test CRM (labelled so wherever it shows). */
export const isTestCrm = (type: string | null | undefined): boolean => !!type && crmForm(type)?.test === true;

/** The form's label of a field of a type ('API URL' for LeadVertex's inbound URL). */
export function crmFieldLabel(type: CrmType, field: string): string {
  return (CRM_FORMS[type].fields as readonly CrmFieldSpec[]).find((f) => f.name === field)?.label ?? field;
}

/** Message for a missing CRM data field, by CRM type (dashboards §5). */
export function crmFieldMissingMessage(type: CrmType, field: string, editing = false): string {
  const spec = (CRM_FORMS[type].fields as readonly CrmFieldSpec[]).find((f) => f.name === field);
  return spec?.missing ? spec.missing[editing ? 'edit' : 'add'] : 'A general error occured!';
}

/** Every data field name any type has, with the longest value any type allows for it. */
export const CRM_DATA_FIELDS: readonly { name: CrmDataField; maxLength: number }[] = (() => {
  const longest = new Map<string, number>();
  for (const form of Object.values(CRM_FORMS) as CrmForm[]) {
    for (const field of form.fields) {
      longest.set(field.name, Math.max(longest.get(field.name) ?? 0, field.maxLength));
    }
  }
  return [...longest].map(([name, maxLength]) => ({ name: name as CrmDataField, maxLength }));
})();

/**
 * Data fields that are credentials, per type: sealed at rest, masked in answers and in every
 * attempt record.
 */
export const CRM_SECRET_FIELDS = Object.fromEntries(
  CRM_TYPES.map((type) => [
    type,
    (CRM_FORMS[type].fields as readonly CrmFieldSpec[]).filter((f) => f.secret).map((f) => f.name),
  ]),
) as unknown as Record<CrmType, readonly CrmDataField[]>;

/** What `editCRM` accepts in a secret field to keep the stored value (the masked value works too). */
export const CRM_UNCHANGED = 'unchanged';

/** Masked secrets start with this (`••••` and the last 4 characters). */
const MASKED = '••••';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function fieldIssue(spec: CrmFieldSpec, value: string): string | null {
  if (spec.kind === 'url' && !isHttpUrl(value)) return `${spec.label} must be an http(s) address`;
  if (spec.kind === 'integer') {
    const n = Number(value);
    const { min = 0, max = Number.MAX_SAFE_INTEGER } = spec;
    if (!/^\d+$/.test(value) || n < min || n > max)
      return `${spec.label} must be a whole number from ${min} to ${max}`;
  }
  if (value.length > spec.maxLength) return `${spec.label} is longer than ${spec.maxLength} characters`;
  return null;
}

/**
 * What is wrong with a CRM's data for its type, with the spec's messages (dashboards §5): each
 * required field present, each value of its kind, then the type's own checks. Used by the add
 * contract, by the edit service on the record an edit results in (`editing`), and by the form.
 */
export function crmDataIssues(
  type: CrmType,
  data: Partial<Record<string, string>>,
  editing = false,
): CrmDataIssue[] {
  const form = crmForm(type);
  if (!form || typeof data !== 'object' || data === null) return [];
  const issues: CrmDataIssue[] = [];
  for (const spec of form.fields) {
    const value = data[spec.name];
    // On add there is nothing to keep: "unchanged" or a masked value is as good as nothing.
    const kept = !editing && !!value && (value === CRM_UNCHANGED || value.startsWith(MASKED));
    if (!value || kept) {
      if (spec.required)
        issues.push({ field: spec.name, message: crmFieldMissingMessage(type, spec.name, editing) });
      continue;
    }
    // A stored secret kept by an edit arrives masked: its stored value was checked when it was saved.
    if (spec.secret && (value === CRM_UNCHANGED || value.includes(MASKED))) continue;
    const problem = fieldIssue(spec, value);
    if (problem) issues.push({ field: spec.name, message: problem });
  }
  return issues.length > 0 ? issues : (form.check?.(data) ?? []);
}

/**
 * The lead status a CRM's status maps to: a number 1-4, `null` when the CRM has not started on the
 * lead, `undefined` when the status is unknown (recorded, ignored).
 */
export function mapCrmStatus(
  type: CrmType,
  status: string,
  semantic?: string | null,
): CrmMappedStatus | null | undefined {
  const form = CRM_FORMS[type] as CrmForm;
  const key = status.trim().toLowerCase();
  if (Object.hasOwn(form.statuses, key)) return form.statuses[key];
  if (semantic && form.semantics) return form.semantics[semantic.trim().toLowerCase()];
  return undefined;
}

/**
 * CRM types whose agents' work (or the sandbox's decisions) reaches us, so `/leads/getLeadCRMInfo`
 * can answer for their leads; the others' postbacks carry a status only: 'Current CRM is not supported!'.
 */
export const CRM_INFO_TYPES: readonly CrmType[] = CRM_TYPES.filter((type) => CRM_FORMS[type].reportsActivity);
