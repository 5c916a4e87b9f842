/**
 * The CRM types live in `@leadmesh/crm` (one folder per CRM, browser-safe forms); the schema's
 * tables and contracts, and code that reads CRM names from here, take them through this module.
 */
export {
  CRM_DATA_FIELDS,
  CRM_FORMS,
  CRM_INFO_TYPES,
  CRM_SECRET_FIELDS,
  CRM_TYPES,
  CRM_UNCHANGED,
  type CrmDataField,
  type CrmDataIssue,
  type CrmDataRecord,
  type CrmFieldSpec,
  type CrmForm,
  type CrmMappedStatus,
  type CrmType,
  crmDataIssues,
  crmFieldLabel,
  crmFieldMissingMessage,
  crmForm,
  crmLabel,
  isTestCrm,
  mapCrmStatus,
} from '@leadmesh/crm';
