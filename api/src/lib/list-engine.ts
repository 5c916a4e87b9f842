/** The list engine lives in core (the worker's exports filter leads the same way); features import it from here. */
export { buildFilterWhere, type ListField, type ListFields, listWhitelist, pageOf } from '@leadmesh/core';
