import pg from 'pg';

/** What pg's protocol parser hands a query for a RowDescription and a DataRow. */
interface Field {
  name: string;
  dataTypeID: number;
}
type Parser = (text: string) => unknown;
interface TypeSource {
  getTypeParser(oid: number, format: 'text'): Parser;
}

/** Parsers per type source (drizzle's, which keeps dates as text, or pg's defaults) and type oid. */
const parsersOf = new WeakMap<object, Map<number, Parser>>();
const defaults: TypeSource = { getTypeParser: (oid) => pg.types.getTypeParser(oid, 'text') as Parser };

function parserFor(source: TypeSource, oid: number): Parser {
  let known = parsersOf.get(source);
  if (!known) parsersOf.set(source, (known = new Map()));
  let parse = known.get(oid);
  if (!parse) known.set(oid, (parse = source.getTypeParser(oid, 'text')));
  return parse;
}

const COMMAND = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

/**
 * A multi-statement simple-protocol message (`Q`) as a pg "submittable": one result per statement, rows as arrays
 * (as pg's `rowMode: 'array'` gives them). pg's own Query builds, for every result of a message, a Result whose
 * field list also prebuilds an empty row object by name, and asks the type source for each column's parser
 * again: on a detail's message (opening, versions, a 25-column row) that was the largest single cost of reading
 * the answer (docs/decisions/0035). Here parsers are kept per type source and type, and nothing else is built.
 * Results, errors and the end of the message follow pg's Query: a failed statement fails the message.
 */
export class SimpleMessage {
  callback?: (err: Error | null, results?: pg.QueryResult[]) => void;
  private readonly results: pg.QueryResult[] = [];
  private parsers: Parser[] = [];
  private current?: pg.QueryResult;
  private broken?: Error;

  constructor(
    readonly text: string,
    private readonly types: TypeSource = defaults,
  ) {}

  /** Sends the message and resolves with every statement's result, in order. */
  static run(client: pg.PoolClient, text: string, types?: TypeSource): Promise<pg.QueryResult[]> {
    const message = new SimpleMessage(text, types);
    return new Promise((resolve, reject) => {
      message.callback = (err, results) => (err ? reject(err) : resolve(results!));
      client.query(message as unknown as pg.QueryConfig);
    });
  }

  submit(connection: { query(text: string): void }): null {
    connection.query(this.text);
    return null;
  }

  private open(fields: Field[]): pg.QueryResult {
    const r = { command: '', rowCount: null, oid: 0, rows: [], fields } as unknown as pg.QueryResult;
    this.current = r;
    return r;
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    this.open(msg.fields);
    const parsers = new Array<Parser>(msg.fields.length);
    for (let i = 0; i < msg.fields.length; i++) parsers[i] = parserFor(this.types, msg.fields[i]!.dataTypeID);
    this.parsers = parsers;
  }

  handleDataRow(msg: { fields: Array<string | null> }): void {
    if (this.broken) return;
    const values = msg.fields;
    const row = new Array<unknown>(values.length);
    try {
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        row[i] = v === null || v === undefined ? null : this.parsers[i]!(v);
      }
    } catch (e) {
      this.broken = e as Error;
      return;
    }
    (this.current!.rows as unknown[]).push(row);
  }

  handleCommandComplete(msg: { text: string }): void {
    const r = this.current ?? this.open([]);
    const m = COMMAND.exec(msg.text);
    if (m) {
      r.command = m[1]!;
      if (m[3]) {
        r.oid = Number(m[2]);
        r.rowCount = Number(m[3]);
      } else if (m[2]) r.rowCount = Number(m[2]);
    }
    this.results.push(r);
    this.current = undefined;
  }

  handleEmptyQuery(): void {}

  handleError(err: Error): void {
    const cb = this.callback;
    this.callback = undefined;
    cb?.(this.broken ?? err);
  }

  handleReadyForQuery(): void {
    if (this.broken) return this.handleError(this.broken);
    const cb = this.callback;
    this.callback = undefined;
    cb?.(null, this.results);
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: { sendCopyFail(msg: string): void }): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}
}
