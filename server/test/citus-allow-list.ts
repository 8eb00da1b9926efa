/**
 * Today's departures from the Citus precondition (decision 0054): unique indexes of tenant tables that do not
 * include `tenant_id`. citus-precondition.test.ts fails on any departure not listed here AND on any entry that is
 * no longer a departure — the list may only shrink: fixing one means deleting its line, and no new table may add one.
 */

/**
 * Tables whose primary key is `id` alone (`<table>_pkey`). Ids come from `next_id()` and are unique across the
 * installation; under Citus each key becomes `(tenant_id, id)` with the id's uniqueness kept by its generator
 * (decision 0054, "Keys"). Changing 81 primary keys is the Citus migration itself, not a step to take before it.
 */
export const ID_PRIMARY_KEYS = [
  'blade_attach',
  'blade_dept',
  'blade_dict_biz',
  'blade_identity_provider',
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'blade_notice',
  'blade_oss',
  'blade_post',
  'blade_process_leave',
  'blade_report',
  'blade_role',
  'blade_role_menu',
  'blade_role_scope',
  'blade_sms',
  'blade_top_menu',
  'blade_top_menu_setting',
  'blade_user',
  'blade_user_ext',
  'blade_user_oauth',
  'flow_definition',
  'flow_event_sub',
  'flow_history',
  'flow_incident',
  'flow_instance',
  'flow_model',
  'flow_task',
  'flow_timer',
  'sys_audit',
  'sys_import_job',
  'zoo_animal',
  'zoo_animal_flag',
  'zoo_basic_log',
  'zoo_biz_attach',
  'zoo_breed_contra',
  'zoo_breed_cub_log',
  'zoo_breed_event',
  'zoo_breed_litter',
  'zoo_breed_oestrus',
  'zoo_breed_paternity',
  'zoo_breed_pregnancy',
  'zoo_breed_semen',
  'zoo_cage',
  'zoo_cage_breeder',
  'zoo_cage_device_key',
  'zoo_diet_plan',
  'zoo_feedback',
  'zoo_feeding',
  'zoo_humiture',
  'zoo_humiture_alarm',
  'zoo_humiture_alarm_notice',
  'zoo_med_administration',
  'zoo_med_anaesthesia',
  'zoo_med_case',
  'zoo_med_drug',
  'zoo_med_group_treatment',
  'zoo_med_lab',
  'zoo_med_lab_ref',
  'zoo_med_necropsy',
  'zoo_med_quarantine',
  'zoo_med_treatment',
  'zoo_med_vaccination',
  'zoo_med_vaccination_reminder',
  'zoo_med_weight',
  'zoo_med_weight_ref',
  'zoo_park',
  'zoo_permit',
  'zoo_permit_reminder',
  'zoo_permit_use',
  'zoo_population',
  'zoo_population_animal',
  'zoo_quality_day',
  'zoo_stock_approval',
  'zoo_stock_log',
  'zoo_sync_receipt',
  'zoo_tenant_species',
  'zoo_transfer_log',
  'zoo_venue',
  'zoo_venue_contacts',
].map((t) => `${t}.${t}_pkey`);

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

export const CITUS_ALLOWED = new Set([...ID_PRIMARY_KEYS, ...OTHER_UNIQUE]);

/**
 * Tables that have a `tenant_id` column but would be Citus reference tables (a copy on every node), not distributed:
 * the tenants themselves, read before any tenant is chosen (sign-in by tenant code or domain).
 */
export const REFERENCE_WITH_TENANT_ID = new Set(['blade_tenant']);
