/** The mail outbox lives in core (the worker writes mail too); the API's features import it from here. */
export { type OutgoingMail, queueMail } from '@leadmesh/core';
