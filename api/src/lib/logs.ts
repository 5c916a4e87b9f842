/** The system log lives in core (the worker writes it too); the API's features import it from here. */
export { type AuditEvent, audit, logValue } from '@leadmesh/core';
