/**
 * Today's departures from the Citus precondition (decision 0054): unique indexes of tenant tables that do not
 * include `tenant_id`. citus-precondition.test.ts fails on any departure not listed here AND on any entry that is
 * no longer a departure — the list may only shrink: fixing one means deleting its line, and no new table may add one.
 *
 * Not listed: the primary key on `id` alone that every table built with `idCol()` has. It is one uniform departure,
 * checked by rule instead (the key is `id` alone and the id comes from `next_id()`, unique across the installation):
 * the Citus migration turns all of them into `(tenant_id, id)` in one step (decision 0054, "Keys").
 */

/**
 * Keys looked up before the tenant is known — each one a cross-tenant lookup that decision 0054 routes through a
 * reference table mapping the key to its tenant — and flow-engine keys whose instance id is already unique.
 */
export const OTHER_UNIQUE = [
  // Sign-in state found by a secret before any tenant: token id, OAuth state, authorization code, bind ticket.
  'sys_token.sys_token_pkey',
  'sys_oauth_state.sys_oauth_state_pkey',
  'sys_auth_code.sys_auth_code_pkey',
  'blade_user_oauth.blade_user_oauth_ticket_uq',
  // A sensor's key arrives without a tenant (the device knows only its key).
  'zoo_cage_device_key.zoo_cage_device_key_id_uq',
  // Flow engine: a definition id is addressed on its own; the rest key on an instance id (unique already).
  'flow_definition.flow_definition_id_uq',
  'flow_engine_state.flow_engine_state_pkey',
  'flow_event_sub.flow_event_sub_execution_uq',
  'flow_incident.flow_incident_open_uq',
  'flow_timer.flow_timer_execution_uq',
  'flow_timer.flow_timer_start_uq',
];

export const CITUS_ALLOWED = new Set(OTHER_UNIQUE);

/**
 * Tables that have a `tenant_id` column but would be Citus reference tables (a copy on every node), not distributed:
 * the tenants themselves, read before any tenant is chosen (sign-in by tenant code or domain).
 */
export const REFERENCE_WITH_TENANT_ID = new Set(['blade_tenant']);
