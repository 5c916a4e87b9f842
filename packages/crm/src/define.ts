/**
 * What a CRM type declares for people and for the API's checks: its label, the fields of its
 * connection form with their labels and messages, its integration-link button and the map from
 * its own statuses to ours. Browser-safe: no server code is imported from here (the screens read
 * it); the adapters and callback parsers live beside each form in `adapter.ts` and `callback.ts`.
 */

/** A lead status a CRM status maps to: 1 in progress, 2 confirmed, 3 rejected, 4 bad lead. */
export type CrmMappedStatus = 1 | 2 | 3 | 4;

/** How a field's value is read: an http(s) address, a whole number within bounds, or text. */
export type CrmFieldKind = 'url' | 'integer' | 'text';

/** One field of a CRM connection form. */
export interface CrmFieldSpec {
  /** The key in the CRM's data (`CRMData.<name>` on the wire). */
  name: string;
  /** What the form calls it. */
  label: string;
  required: boolean;
  kind: CrmFieldKind;
  maxLength: number;
  /** Credentials: sealed at rest, masked in answers and in every attempt record. */
  secret?: boolean;
  /** Bounds of an `integer` field. */
  min?: number;
  max?: number;
  /** Messages for a missing value: when adding, and when editing (the spec words a few apart). */
  missing?: { add: string; edit: string };
  /** Prefilled in the add form. */
  initial?: string;
  /** A line under the field saying what it is for. */
  help?: string;
  placeholder?: string;
}

/** Something wrong with one field of a CRM's data, with the message the form shows. */
export interface CrmDataIssue {
  field: string;
  message: string;
}

/** A CRM's data as forms send it and code reads it: field name → text. */
export type CrmDataValues = Partial<Record<string, string>>;

/** Everything a screen and the API's checks know about one CRM type. */
export interface CrmForm<
  T extends string = string,
  F extends readonly CrmFieldSpec[] = readonly CrmFieldSpec[],
> {
  type: T;
  /** The type's name for people (dashboards §5: 'Scale KMA' for kmacrm). */
  label: string;
  /**
   * A built-in test CRM: labelled as such wherever its type shows ("(test CRM)" after its label in
   * text, a tag on screens), so nobody takes it for a customer's.
   */
  test: boolean;
  fields: F;
  /** The label of its integration-link button on the CRM screen (dashboards §2). */
  linkLabel: 'Get handler URL' | 'Get postback URL';
  /**
   * Its own statuses and ours, compared lower-case. `null`: the CRM has not started on the lead
   * (it stays 0, Waiting). A status missing here is recorded and ignored.
   */
  statuses: Readonly<Record<string, CrmMappedStatus | null>>;
  /** A second reading for statuses the table lacks (bitrix24's semantic of custom stages). */
  semantics?: Readonly<Record<string, CrmMappedStatus>>;
  /** Agents' calls and comments (or, for the sandbox, its decisions) reach us: Lead CRM info answers. */
  reportsActivity: boolean;
  /** A short note shown above the fields of the form. */
  notice?: string;
  /** Checks across fields, after each field's own (the sandbox's shares add up to 100). */
  check?(data: CrmDataValues): CrmDataIssue[];
}

/**
 * Declares a CRM type's form, keeping its type and field names as literal types (so the registry
 * can derive the union of every field name).
 *
 * @example
 * export const kmacrmForm = defineCrmForm({
 *   type: 'kmacrm', label: 'Scale KMA', test: false, linkLabel: 'Get handler URL',
 *   fields: [inboundUrlField(), outboundTokenField()], statuses: { approved: 2 }, reportsActivity: false,
 * });
 */
export function defineCrmForm<const T extends string, const F extends readonly CrmFieldSpec[]>(
  form: CrmForm<T, F>,
): CrmForm<T, F> {
  return form;
}

/** `<label> can't be empty`, the spec's wording for most fields (dashboards §5). */
export const emptyMessage = (label: string): { add: string; edit: string } => ({
  add: `${label} can't be empty`,
  edit: `${label} can't be empty`,
});

/** The spec's two wordings of a missing token: 'API Token' on add, 'API token' on edit (dashboards §5). */
export const TOKEN_MISSING = { add: "API Token can't be empty", edit: "API token can't be empty" } as const;

/** The address leads are sent to; its label (and so its messages) vary by CRM. */
export function inboundUrlField(
  options: { label?: string; secret?: boolean; help?: string; placeholder?: string } = {},
) {
  const label = options.label ?? 'Inbound URL';
  return {
    name: 'inboundURL',
    label,
    required: true,
    kind: 'url',
    maxLength: 2000,
    missing: emptyMessage(label),
    placeholder: options.placeholder ?? 'https://',
    ...(options.secret ? { secret: true } : {}),
    ...(options.help ? { help: options.help } : {}),
  } as const satisfies CrmFieldSpec;
}

/** A token the CRM gives us (we send it, or it sends it back with its callbacks). */
export function outboundTokenField(
  options: { label?: string; missing?: { add: string; edit: string }; help?: string } = {},
) {
  const label = options.label ?? 'Outbound token';
  return {
    name: 'outboundToken',
    label,
    required: true,
    kind: 'text',
    maxLength: 500,
    secret: true,
    missing: options.missing ?? emptyMessage(label),
    ...(options.help ? { help: options.help } : {}),
  } as const satisfies CrmFieldSpec;
}
