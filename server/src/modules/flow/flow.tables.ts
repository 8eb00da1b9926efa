import { boolean, index, integer, jsonb, pgPolicy, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, bigintStr, datetime, idCol, nowDefault, tenantCol, tenantPolicy } from '../../db/columns';

/** A tenant's designed models (modeler XML), deployed into definitions. */
export const flowModel = pgTable(
  'flow_model',
  {
    id: idCol(),
    tenantId: tenantCol(),
    modelKey: varchar('model_key', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    version: integer('version').notNull().default(1),
    modelType: integer('model_type').notNull().default(0),
    modelEditorXml: text('model_editor_xml').notNull().default(''),
    ...baseCols(),
  },
  (t) => [index('flow_model_key_idx').on(t.tenantId, t.modelKey), tenantPolicy('flow_model')],
);

/**
 * Deployed process definitions. `tenant_id` '' = common (mode 1): every tenant reads it, only the platform tenant
 * writes it; otherwise the tenant's own (mode 2). One deployment (upload or model deploy) may hold several.
 */
export const flowDefinition = pgTable(
  'flow_definition',
  {
    id: idCol(),
    /** `<key>:<version>:<id>`, Flowable's shape */
    definitionId: varchar('definition_id', { length: 255 }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 })
      .notNull()
      .default(sql`current_setting('app.tenant_id')`),
    /** 1 common (tenant ''), 2 a tenant's own: what list filters use (module code never filters by tenant) */
    mode: integer('mode').notNull(),
    deploymentId: bigintStr('deployment_id').notNull(),
    processKey: varchar('process_key', { length: 100 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    version: integer('version').notNull(),
    resourceName: varchar('resource_name', { length: 255 }).notNull(),
    xml: text('xml').notNull(),
    /** user task id → assignment read from the XML at deploy time (assignee / candidates, names) */
    tasks: jsonb('tasks').$type<Record<string, TaskSpec>>().notNull(),
    /** 1 active, 2 suspended */
    suspensionState: integer('suspension_state').notNull().default(1),
    /** Why the engine cannot run it ('' = executable): deployed, listed and viewable, refused at start. */
    notExecutable: varchar('not_executable', { length: 500 }).notNull().default(''),
    /** What the engine runs when the file holds other executable processes: the file with only this one executable. */
    engineXml: text('engine_xml').notNull().default(''),
    /** service and send task id → the registered server service it calls and its fields (services.ts) */
    services: jsonb('services')
      .$type<Record<string, ServiceSpec>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** message / signal catching activity id → the message or signal it waits for (bpmn-events.ts) */
    events: jsonb('events')
      .$type<Record<string, EventSpec>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** call activity id → the process it starts and the variables passed in and out (bpmn-calls.ts) */
    calls: jsonb('calls')
      .$type<Record<string, CallSpec>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    deploymentTime: datetime('deployment_time').notNull().default(nowDefault),
    createUser: bigintStr('create_user').default(sql.raw(`nullif(current_setting('app.user_id', true), '')::bigint`)),
  },
  (t) => [
    uniqueIndex('flow_definition_id_uq').on(t.definitionId),
    uniqueIndex('flow_definition_version_uq').on(t.tenantId, t.processKey, t.version),
    index('flow_definition_key_idx').on(t.processKey, t.mode),
    index('flow_definition_deployment_idx').on(t.deploymentId),
    pgPolicy('flow_definition_tenant_read', {
      as: 'permissive',
      for: 'all',
      // Common definitions are everyone's to read and start; writing them is the platform tenant's.
      using: sql`tenant_id in (current_setting('app.tenant_id', true), '')`,
      withCheck: sql`tenant_id = current_setting('app.tenant_id', true) or (tenant_id = '' and current_setting('app.tenant_id', true) = '000000')`,
    }),
  ],
);

/** A service or send task's call: a registered service's name and its fields (literals or `${…}` expressions). */
export interface ServiceSpec {
  name: string;
  service: string;
  fields: Record<string, string>;
}

/** One variable passed into or out of a called instance: every variable, or one by name or expression. */
export type CallMapping = { all: true } | { source: string; target: string } | { sourceExpression: string; target: string };

/** A call activity (decision 0050): Camunda's `calledElement` + binding, or Flowable's equivalents. */
export interface CallSpec {
  name: string;
  /** the called process key (or `${…}` resolving to one); the definition id when `binding` is 'id' */
  calledElement: string;
  /** latest version, a given version, the caller's own deployment, or a definition id (Flowable calledElementType="id") */
  binding: 'latest' | 'version' | 'deployment' | 'id';
  version?: number;
  in: CallMapping[];
  out: CallMapping[];
  /** the called instance takes the caller's business key */
  businessKey: boolean;
}

/** What a catching activity waits for: a message or a signal, by its BPMN element id and its name. */
export interface EventSpec {
  /** timer: only the start of an event sub-process (event-subprocesses.ts) */
  kind: 'message' | 'signal' | 'timer';
  /** the bpmn:message / bpmn:signal element's id (what the engine is signalled with) */
  ref: string;
  /** its name (what callers correlate by; the id when it has none) */
  name: string;
  /** a start event: a message or signal of this name starts an instance */
  start: boolean;
  /** the start event of an event sub-process: which, whether it interrupts, its timer (event-subprocesses.ts) */
  eventSub?: { subProcess: string; interrupting: boolean; timerType?: 'timeDuration' | 'timeDate'; timerValue?: string };
}

export interface TaskSpec {
  name: string;
  /** expression or literal, e.g. `${taskUser}` or `taskUser_12` */
  assignee: string;
  candidateUsers: string[];
  candidateGroups: string[];
}

/** A started process: instances are always the starting tenant's, even of a common definition. */
export const flowInstance = pgTable(
  'flow_instance',
  {
    id: idCol(),
    tenantId: tenantCol(),
    definitionId: varchar('definition_id', { length: 255 }).notNull(),
    processKey: varchar('process_key', { length: 100 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    version: integer('version').notNull(),
    businessKey: varchar('business_key', { length: 120 }).notNull().default(''),
    startUserId: bigintStr('start_user_id'),
    startUserName: varchar('start_user_name', { length: 100 }).notNull().default(''),
    startTime: datetime('start_time').notNull().default(nowDefault),
    endTime: datetime('end_time'),
    /** running | finished | deleted */
    state: varchar('state', { length: 12 }).notNull().default('running'),
    deleteReason: varchar('delete_reason', { length: 500 }).notNull().default(''),
    suspensionState: integer('suspension_state').notNull().default(1),
    variables: jsonb('variables')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** A called instance (call activity): the calling instance, and the call activity's element and execution there */
    parentInstanceId: bigintStr('parent_instance_id'),
    parentActivityId: varchar('parent_activity_id', { length: 255 }),
    parentExecutionId: varchar('parent_execution_id', { length: 255 }),
  },
  (t) => [
    index('flow_instance_start_idx').on(t.tenantId, t.startUserId, t.startTime),
    index('flow_instance_business_idx').on(t.tenantId, t.businessKey),
    index('flow_instance_parent_idx').on(t.parentInstanceId, t.parentExecutionId),
    tenantPolicy('flow_instance'),
  ],
);

/** The engine's state (bpmn-engine getState) after the last step: what any server instance resumes from. */
export const flowEngineState = pgTable(
  'flow_engine_state',
  {
    instanceId: bigintStr('instance_id').primaryKey(),
    tenantId: tenantCol(),
    state: jsonb('state').notNull(),
    step: integer('step').notNull().default(0),
    updateTime: datetime('saved_time').notNull().default(nowDefault),
  },
  () => [tenantPolicy('flow_engine_state')],
);

/**
 * Timers a waiting instance holds (boundary and intermediate catch events): what the scheduler of every server
 * instance polls (`FOR UPDATE SKIP LOCKED`, decision 0026). Rewritten after each step from the engine's live timers.
 * A timer start event's row has no instance but its definition (decision 0050): written at deploy, it starts an
 * instance when due; a cycle's row counts down its repetitions in `timer_value`.
 */
export const flowTimer = pgTable(
  'flow_timer',
  {
    id: idCol(),
    tenantId: tenantCol(),
    /** null for a timer start event (then `definition_id` names what it starts) */
    instanceId: bigintStr('instance_id'),
    definitionId: varchar('definition_id', { length: 255 }),
    /** the timer event's element id */
    activityId: varchar('activity_id', { length: 255 }).notNull(),
    /** the event's execution (one per activation) */
    executionId: varchar('execution_id', { length: 255 }).notNull(),
    /** timeDuration | timeDate | timeCycle (start events only) */
    timerType: varchar('timer_type', { length: 20 }).notNull(),
    timerValue: varchar('timer_value', { length: 255 }).notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** failed firings so far (each pushes due_at back) and the last failure */
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 1000 }).notNull().default(''),
    createTime: datetime('create_time').notNull().default(nowDefault),
  },
  (t) => [
    uniqueIndex('flow_timer_execution_uq').on(t.instanceId, t.executionId),
    uniqueIndex('flow_timer_start_uq')
      .on(t.definitionId, t.activityId)
      .where(sql`instance_id is null`),
    index('flow_timer_due_idx').on(t.dueAt),
    tenantPolicy('flow_timer'),
  ],
);

/** User tasks: open (end_time null) and finished. */
export const flowTask = pgTable(
  'flow_task',
  {
    id: idCol(),
    tenantId: tenantCol(),
    instanceId: bigintStr('instance_id').notNull(),
    taskDefKey: varchar('task_def_key', { length: 255 }).notNull(),
    executionId: varchar('execution_id', { length: 255 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    /** user id of the assignee; null while only candidates may claim it */
    assignee: bigintStr('assignee'),
    candidateUsers: jsonb('candidate_users')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    candidateGroups: jsonb('candidate_groups')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createTime: datetime('create_time').notNull().default(nowDefault),
    claimTime: datetime('claim_time'),
    endTime: datetime('end_time'),
    comment: varchar('comment', { length: 1000 }).notNull().default(''),
    flag: varchar('flag', { length: 20 }).notNull().default(''),
    pass: boolean('pass'),
    deleteReason: varchar('delete_reason', { length: 500 }).notNull().default(''),
  },
  (t) => [
    index('flow_task_open_idx')
      .on(t.tenantId, t.instanceId)
      .where(sql`end_time is null`),
    index('flow_task_assignee_idx').on(t.tenantId, t.assignee, t.endTime),
    tenantPolicy('flow_task'),
  ],
);

/** Activity history of an instance: events, user tasks, taken flows (history-flow-list and the diagram). */
export const flowHistory = pgTable(
  'flow_history',
  {
    id: idCol(),
    tenantId: tenantCol(),
    instanceId: bigintStr('instance_id').notNull(),
    activityId: varchar('activity_id', { length: 255 }).notNull(),
    activityName: varchar('activity_name', { length: 200 }).notNull().default(''),
    activityType: varchar('activity_type', { length: 60 }).notNull(),
    executionId: varchar('execution_id', { length: 255 }).notNull().default(''),
    taskId: bigintStr('task_id'),
    assignee: bigintStr('assignee'),
    startTime: datetime('start_time').notNull().default(nowDefault),
    endTime: datetime('end_time'),
    /** order within the instance (times have second precision) */
    seq: integer('seq').notNull(),
  },
  (t) => [index('flow_history_instance_idx').on(t.tenantId, t.instanceId, t.seq), tenantPolicy('flow_history')],
);

/** 请假流程 business rows (blade_process_leave). */
export const bladeProcessLeave = pgTable(
  'blade_process_leave',
  {
    id: idCol(),
    tenantId: tenantCol(),
    processDefinitionId: varchar('process_definition_id', { length: 255 }).notNull(),
    processInstanceId: varchar('process_instance_id', { length: 64 }).notNull().default(''),
    startTime: datetime('start_time').notNull(),
    endTime: datetime('end_time').notNull(),
    reason: varchar('reason', { length: 255 }).notNull(),
    days: integer('days').notNull(),
    taskUser: bigintStr('task_user').notNull(),
    applyTime: datetime('apply_time').notNull().default(nowDefault),
    ...baseCols(),
  },
  () => [tenantPolicy('blade_process_leave')],
);
